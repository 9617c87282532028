//! Checks of a plan before anything is written: no file beyond what the target's reader accepts
//! (`import_too_large`), and no file the target's own reader would reject or read fewer hooks
//! from than before (`target_would_reject`).

use adapters::write::{self, FileChange};
use adapters::Context;
use hook_ir::{Code, Convention, Diagnostic, Location, Severity};
use std::collections::BTreeMap;
use std::path::Path;

/// The diagnostics that hold the plan back, for one changed file of `convention`, from which
/// the plan takes out `removed` hook entries an earlier import wrote (so it may read that many
/// fewer hooks).
pub fn file(
    ctx: &Context,
    convention: Convention,
    c: &FileChange,
    removed: usize,
) -> Vec<Diagnostic> {
    if c.is_noop() {
        return Vec::new();
    }
    let max = write::max_bytes(convention);
    let len = c.after.len() as u64;
    if len > max {
        return vec![Diagnostic::new(
            Code::ImportTooLarge,
            format!(
                "the planned `{}` would be {len} bytes, over the {max} bytes the {convention} reader accepts; nothing is written",
                c.display
            ),
        )
        .with_convention(convention)
        .at(Location::path_only(c.display.clone()))
        .with_help("import fewer hooks at once (`--scope`), or remove duplicates from the source")];
    }
    // Module files (GJC's) are copied byte for byte; only config files are read back.
    if !adapters::registry::adapter(convention)
        .module_sources()
        .is_empty()
    {
        return Vec::new();
    }
    let (Ok(after), Ok(before)) = (
        reread(ctx, convention, &c.path, Some(&c.after)),
        reread(ctx, convention, &c.path, c.before.as_deref()),
    ) else {
        // A temp file could not be written: the plan stands unchecked rather than refused.
        return Vec::new();
    };
    let errors = |d: &[Diagnostic]| {
        let mut m: BTreeMap<Code, usize> = BTreeMap::new();
        for x in d.iter().filter(|x| x.severity() == Severity::Error) {
            *m.entry(x.code).or_default() += 1;
        }
        m
    };
    let (eb, ea) = (errors(&before.1), errors(&after.1));
    let new_error = after
        .1
        .iter()
        .find(|d| d.severity() == Severity::Error && ea.get(&d.code) > eb.get(&d.code));
    let why = match new_error {
        Some(d) => Some(format!("it would report `{}`: {}", d.code, d.message)),
        None if after.0 + removed < before.0 => Some(format!(
            "it would read {} hooks from it instead of the {} there now",
            after.0, before.0
        )),
        None => None,
    };
    why.map(|why| {
        Diagnostic::new(
            Code::TargetWouldReject,
            format!(
                "read back by the {convention} reader, the planned `{}` fails: {why}; nothing is written",
                c.display
            ),
        )
        .with_convention(convention)
        .at(Location::path_only(c.display.clone()))
    })
    .into_iter()
    .collect()
}

/// The hooks and diagnostics the target's reader gets from `text` at a path shaped like `path`
/// (the same file and directory names, which some readers look at), or (0, none) without text.
fn reread(
    ctx: &Context,
    convention: Convention,
    path: &Path,
    text: Option<&str>,
) -> std::io::Result<(usize, Vec<Diagnostic>)> {
    let Some(text) = text else {
        return Ok((0, Vec::new()));
    };
    let dir = tempfile::tempdir()?;
    let parent = path
        .parent()
        .and_then(|p| p.file_name())
        .map_or_else(|| dir.path().to_path_buf(), |n| dir.path().join(n));
    std::fs::create_dir_all(&parent)?;
    let file = parent.join(path.file_name().unwrap_or_default());
    std::fs::write(&file, text)?;
    let tmp = Context {
        project: Some(dir.path().to_path_buf()),
        home: None,
        env: ctx.env.clone(),
        apply_env_overrides: false,
        cwd: None,
        run_cache: None,
    };
    let found = hooks_rules::load_file(&tmp, &file, Some(convention));
    // Hooks of events outside the six kinds count too: losing one is losing a hook.
    Ok((
        found.batch.hooks.len() + found.outside.len(),
        found.batch.diagnostics,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn change(before: Option<&str>, after: &str) -> FileChange {
        FileChange {
            path: PathBuf::from("/h/.jarvis-code/config.toml"),
            display: "~/.jarvis-code/config.toml".into(),
            before: before.map(Into::into),
            after: after.into(),
            mode: None,
        }
    }

    const GOOD: &str = "[[hooks]]\nevent = \"Stop\"\ncommand = \"./a.sh\"\n";

    #[test]
    fn a_plan_the_target_would_reject_is_refused() {
        let ctx = Context::default();
        // An entry Kimi Code rejects (an unknown field) makes it drop the whole section.
        let bad = format!("{GOOD}\n[[hooks]]\nevent = \"Stop\"\ncommand = \"./b.sh\"\nwhen = 1\n");
        let d = file(&ctx, Convention::Jarvis, &change(Some(GOOD), &bad), 0);
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].code, Code::TargetWouldReject);
        assert!(d[0].message.contains("unknown_field"), "{}", d[0].message);
        // Adding a good entry is fine, and so is an error that was there already.
        let more = format!("{GOOD}\n[[hooks]]\nevent = \"Stop\"\ncommand = \"./b.sh\"\n");
        assert!(file(&ctx, Convention::Jarvis, &change(Some(GOOD), &more), 0).is_empty());
        assert!(file(
            &ctx,
            Convention::Jarvis,
            &change(Some(&bad), &format!("{bad}\n")),
            0
        )
        .is_empty());
    }

    #[test]
    fn a_plan_over_the_readers_limit_is_refused() {
        let ctx = Context::default();
        let big = "x".repeat(write::max_bytes(Convention::CodexJson) as usize + 1);
        let d = file(&ctx, Convention::CodexJson, &change(None, &big), 0);
        assert_eq!(d[0].code, Code::ImportTooLarge);
    }
}
