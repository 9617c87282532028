//! Printing to stdout without panicking when the reader has gone away (`hooks lint | head`):
//! `print!` panics on a broken pipe, since Rust ignores SIGPIPE. SIGPIPE is not restored
//! instead, because `hooks run` writes to hooks' stdin, and a hook that exits without reading
//! it must not kill the command.

use std::io::Write;

/// Writes `s` to stdout. When the reader has closed it, exits quietly with 0 (as ripgrep does):
/// nobody is left to read the rest. Any other write error exits 2 (an I/O failure).
pub fn print(s: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(s.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(2);
    }
}

/// Writes `value` as pretty JSON and a newline to stdout as it is serialized, without building
/// the document as one string first (a 64,000-hook import's JSON was twice its size in memory
/// while it grew). Errors as [`print`].
pub fn print_json_pretty<T: serde::Serialize>(value: &T) {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let written = serde_json::to_writer_pretty(&mut out, value)
        .map_err(std::io::Error::from)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush());
    if let Err(e) = written {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(2);
    }
}
