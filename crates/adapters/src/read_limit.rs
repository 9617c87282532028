//! Reading a user's file with a size bound, so a huge (or endless) file named as a hook config
//! costs a diagnostic instead of all the memory of the machine.

use std::io::Read;
use std::path::Path;

/// Config files (jcode and Jarvis `config.toml`, Claude settings) larger than this are refused
/// instead of read. Real ones are a few KiB; the bound leaves room for generated files with
/// 100,000 hooks (about 9 MiB of TOML).
pub const MAX_CONFIG_BYTES: u64 = 16 * 1024 * 1024;

/// Why a bounded read failed.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io(std::io::Error),
    /// The file has more than the allowed bytes (its size, as far as it was seen).
    TooLarge(u64),
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Io(e)
    }
}

/// Reads `path` whole when it has at most `max` bytes. The size is checked before reading and
/// again while reading (a file that grows, or a device that never ends, stops at `max + 1`).
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    if len > max {
        return Err(ReadError::TooLarge(len));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    let read = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if read > max {
        return Err(ReadError::TooLarge(read));
    }
    Ok(bytes)
}

/// The message of a [`ReadError::TooLarge`], the same for every adapter.
pub fn too_large(len: u64, max: u64) -> String {
    format!("{len} bytes, over the {max}-byte limit; not read")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_up_to_the_bound_and_refuses_beyond() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f");
        std::fs::write(&p, b"12345").unwrap();
        assert_eq!(read_bounded(&p, 5).unwrap(), b"12345");
        assert!(matches!(read_bounded(&p, 4), Err(ReadError::TooLarge(5))));
        let missing = read_bounded(&dir.path().join("nope"), 5);
        assert!(
            matches!(missing, Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound)
        );
    }

    #[test]
    fn an_endless_device_stops_at_the_bound() {
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            assert!(matches!(
                read_bounded(zero, 1024),
                Err(ReadError::TooLarge(1025))
            ));
        }
    }
}
