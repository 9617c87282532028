//! The few system calls the standard library does not wrap: killing a whole process group and
//! starting a detached process in its own session. Each unsafe block is minimal and justified.

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
