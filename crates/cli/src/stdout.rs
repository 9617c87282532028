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
