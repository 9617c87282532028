//! The few system calls the standard library does not wrap: killing a whole process group,
//! starting a detached process in its own session, and reading the user's login shell from the
//! password database. Each unsafe block is minimal and justified.

use std::io;

/// Sends `signal` to every process of the group `pgid` (the hook's process group, created with
/// `process_group(0)` at spawn, so `pgid` is the hook's pid). Errors (`ESRCH` when the group is
/// already empty) are ignored on purpose: the caller only wants the group gone.
#[allow(unsafe_code)]
pub(crate) fn kill_group(pgid: u32, signal: i32) {
    let Ok(pgid) = libc::pid_t::try_from(pgid) else {
        return;
    };
    // A pgid of 0 or 1 would signal our own group or init's: never do that.
    if pgid <= 1 {
        return;
    }
    // SAFETY: killpg only sends a signal; it reads no memory of ours. The pgid is a group we
    // created for the hook (positive, not ours, checked above).
    unsafe {
        libc::killpg(pgid, signal);
    }
}

/// Makes the child of `cmd` call `setsid()` between fork and exec, so it runs in its own session
/// (and process group), detached from the agent's terminal — what jcode does for observers.
#[allow(unsafe_code)]
pub(crate) fn detach_session(cmd: &mut std::process::Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: the closure runs in the forked child before exec; setsid() is async-signal-safe,
    // allocates nothing and touches no lock, which is all pre_exec requires.
    unsafe {
        cmd.pre_exec(|| {
            if libc::setsid() == -1 {
                return Err(io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// The name of a signal for messages (`SIGKILL`), or its number.
pub(crate) fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}

/// The login shell of the current user in the password database (`getpwuid_r`'s `pw_shell`),
/// as Codex reads it (`get_user_shell_path`, `codex-rs/core/src/shell.rs`). `None` when the user
/// has no entry or no shell.
#[allow(unsafe_code)]
pub(crate) fn login_shell() -> Option<std::path::PathBuf> {
    use std::ffi::CStr;
    use std::os::unix::ffi::OsStrExt;
    // SAFETY: getuid cannot fail and touches no memory of ours.
    let uid = unsafe { libc::getuid() };
    let mut buf = vec![0u8; 1024];
    loop {
        // SAFETY: an all-zero passwd is a valid value (pointers null, numbers 0); getpwuid_r
        // fills it, pointing its strings into `buf`, which outlives every read below.
        let mut pwd: libc::passwd = unsafe { std::mem::zeroed() };
        let mut result: *mut libc::passwd = std::ptr::null_mut();
        // SAFETY: every pointer is valid for the call: `pwd` and `result` are locals, `buf`
        // is writable for `buf.len()` bytes.
        let rc = unsafe {
            libc::getpwuid_r(
                uid,
                &mut pwd,
                buf.as_mut_ptr().cast(),
                buf.len(),
                &mut result,
            )
        };
        if rc == libc::ERANGE && buf.len() < 1 << 20 {
            buf.resize(buf.len() * 2, 0);
            continue;
        }
        if rc != 0 || result.is_null() || pwd.pw_shell.is_null() {
            return None;
        }
        // SAFETY: on success `pw_shell` points at a NUL-terminated string inside `buf`.
        let shell = unsafe { CStr::from_ptr(pwd.pw_shell) };
        let bytes = shell.to_bytes();
        return (!bytes.is_empty())
            .then(|| std::path::PathBuf::from(std::ffi::OsStr::from_bytes(bytes)));
    }
}
