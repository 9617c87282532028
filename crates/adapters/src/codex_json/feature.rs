//! Codex's `[features] hooks = false` (also the older name `codex_hooks`) in
//! `$CODEX_HOME/config.toml`: Codex then loads no hook at all, from any layer. Proved on the pinned
//! build by `hooks doctor --live`, which carries the switch into its scratch config
//! (`crates/cli/tests/it/doctor_live.rs`).

use crate::Context;
use hook_ir::{Code, Convention, Diagnostic, Location};

/// The feature names Codex reads for hooks, the current one first.
const NAMES: [&str; 2] = ["hooks", "codex_hooks"];

/// The diagnostic when the user's Codex config switches hooks off, at the switch.
pub fn switched_off(ctx: &Context) -> Option<Diagnostic> {
    switch(ctx).map(|(_, d)| d)
}

/// The feature name that switches hooks off (`hooks`, `codex_hooks`) and the diagnostic.
pub fn switch(ctx: &Context) -> Option<(&'static str, Diagnostic)> {
    let path = super::trust::codex_home(ctx)?.join("config.toml");
    let text = std::fs::read_to_string(&path).ok()?;
    let doc = toml_edit::ImDocument::parse(text.as_str()).ok()?;
    let features = doc.get("features")?.as_table_like()?;
    // The current name wins over the old one when both are written.
    let (name, item) = NAMES
        .iter()
        .find_map(|n| features.get(n).map(|i| (*n, i)))?;
    if item.as_bool() != Some(false) {
        return None;
    }
    let display = ctx.display(&path);
    let at = match item.span() {
        Some(s) => Location::at_span(display.clone(), &text, s.start, s.end),
        None => Location::path_only(display.clone()),
    };
    Some((
        name,
        Diagnostic::new(
            Code::HooksDisabled,
            format!("`[features] {name} = false` in {display}: Codex loads no hook at all, from any layer"),
        )
        .with_convention(Convention::CodexJson)
        .at(at)
        .with_help("remove it, or set it to true, when the hooks should run"),
    ))
}
