//! Reading a user's config file: with a size bound, so a huge (or endless) file named as a hook
//! config costs a diagnostic instead of all the memory of the machine, then checked for UTF-8
//! and recorded for the renderers. The one reader of the TOML and JSON adapters.

use crate::{Context, Output, SourceFile};
use hook_ir::{Code, Convention, Diagnostic, Location};
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
/// A named pipe without a writer reads as empty instead of blocking the open forever.
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    let file = open_without_blocking(path)?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        // What `read` would say, without the read: callers tell a directory by this kind.
        return Err(ReadError::Io(std::io::ErrorKind::IsADirectory.into()));
    }
    if !meta.is_file() {
        // A pipe or a device: reads wait for data as usual (see `open_without_blocking`). A
        // regular file ignores `O_NONBLOCK`, so most reads skip these two calls.
        clear_nonblocking(&file)?;
    }
    let len = meta.len();
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

/// Opens `path` for reading. A plain `open` of a FIFO waits until some process opens it for
/// writing, which may be never (`mkfifo config.toml` hangs the linter). `O_NONBLOCK` makes the open
/// return at once; [`clear_nonblocking`] then lets reads of a pipe that has a writer (process
/// substitution, `<(cat file)`) wait for the data as usual, and a pipe without one reads as end
/// of file.
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

/// Clears the `O_NONBLOCK` that [`open_without_blocking`] set.
#[allow(unsafe_code)]
fn clear_nonblocking(file: &std::fs::File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: fcntl on a descriptor this function owns; no memory is passed.
    let flags = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETFL) };
    if flags < 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

/// The message of a [`ReadError::TooLarge`], the same for every adapter.
pub fn too_large(len: u64, max: u64) -> String {
    format!("{len} bytes, over the {max}-byte limit; not read")
}

/// What a missing file means to [`read_text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Missing {
    /// Nothing: discovery looks for files that need not exist.
    Silent,
    /// An `unreadable_source`: the file was named explicitly.
    Report,
}

/// Reads the config file `path` as text (`format` names its syntax for messages: `"TOML"`,
/// `"JSON"`) and records it in `out.sources`. Every problem is a diagnostic at the file: a
/// directory or a file over `max` bytes is an `invalid_source` (not read), an unreadable file an
/// `unreadable_source`, text that is not UTF-8 a `parse_error` at the first bad byte (the file is
/// then recorded with the bad bytes replaced, so renderers can show the line). Returns the display
/// path and the text, or `None` when there is nothing to parse.
pub(crate) fn read_text(
    ctx: &Context,
    convention: Convention,
    path: &Path,
    max: u64,
    missing: Missing,
    format: &str,
    out: &mut Output,
) -> Option<(String, String)> {
    if missing == Missing::Silent && crate::run_cache::absent(ctx, path) {
        return None;
    }
    let display = ctx.display(path);
    let at_file = |code: Code, msg: String| {
        Diagnostic::new(code, msg)
            .with_convention(convention)
            .at(Location::path_only(display.clone()))
    };
    let bytes = match read_bounded(path, max) {
        Ok(b) => b,
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::IsADirectory => {
            out.diag(at_file(
                Code::InvalidSource,
                format!("a directory, not a {format} file"),
            ));
            return None;
        }
        Err(ReadError::Io(e))
            if e.kind() == std::io::ErrorKind::NotFound && missing == Missing::Silent =>
        {
            return None
        }
        Err(ReadError::Io(e)) => {
            out.diag(at_file(
                Code::UnreadableSource,
                format!("cannot be read: {e}"),
            ));
            return None;
        }
        Err(ReadError::TooLarge(len)) => {
            out.diag(at_file(Code::InvalidSource, too_large(len, max)));
            return None;
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
            out.diag(
                Diagnostic::new(
                    Code::ParseError,
                    format!("the file is not valid UTF-8, so it is not {format}; the agent cannot read it"),
                )
                .with_convention(convention)
                .at(crate::source::locate(display.clone(), &lossy, at, at + 1)),
            );
            out.sources.push(SourceFile {
                convention,
                path: path.to_path_buf(),
                display,
                text: Some(lossy),
                scope: hook_ir::Scope::default(),
                root: None,
                readers: Vec::new(),
            });
            return None;
        }
    };
    out.sources.push(SourceFile {
        convention,
        path: path.to_path_buf(),
        display: display.clone(),
        text: Some(text.clone()),
        scope: hook_ir::Scope::default(),
        root: None,
        readers: Vec::new(),
    });
    Some((display, text))
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
        let directory = read_bounded(dir.path(), 5);
        assert!(
            matches!(directory, Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::IsADirectory)
        );
    }

    #[test]
    #[allow(unsafe_code)]
    fn a_fifo_without_a_writer_reads_as_empty_instead_of_blocking() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("config.toml");
        let c = std::ffi::CString::new(p.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert_eq!(read_bounded(&p, 1024).unwrap(), b"");
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
