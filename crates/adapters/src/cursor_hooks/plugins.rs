//! Cursor plugins' hooks (`hook_ir::conventions::cursor_hooks::PLUGINS`): a plugin is a
//! directory with `.cursor-plugin/plugin.json`; its hooks are in the file its manifest's `hooks`
//! names (a path inside the plugin), by default `hooks/hooks.json`, in the `hooks.json` format.
//! Installed plugins are looked for in `~/.cursor/plugins/`: `local/<plugin>/`, and
//! `cache/<marketplace>/<plugin>/<commit>/` (of several commits of one plugin, the most recently
//! modified is read; which one Cursor loads is not published). Not observed against a running
//! Cursor: `docs/conventions/cursor-hooks.md` lists it.

use crate::read_limit::{read_bounded, MAX_CONFIG_BYTES};
use crate::Context;
use hook_ir::contract::limits::cursor as lim;
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::path::{Component, Path, PathBuf};

/// The root of the plugin whose manifest is `file` (`<root>/.cursor-plugin/plugin.json`).
pub(super) fn root_of_manifest(file: &Path) -> Option<PathBuf> {
    let parent = file.parent()?;
    (file.file_name()? == "plugin.json" && parent.file_name()? == ".cursor-plugin")
        .then(|| parent.parent().map(Path::to_path_buf))
        .flatten()
}

/// Where a plugin's hooks are, by its manifest.
pub(super) enum HooksAt {
    /// A file (it may not exist: a plugin without hooks).
    File(PathBuf),
    /// Something `hooks` does not read, said as a diagnostic (an inline object, a path outside
    /// the plugin).
    Unread(Diagnostic),
}

/// The hooks file of the plugin at `root`: its manifest's `hooks` path, else
/// `hooks/hooks.json`.
pub(super) fn hooks_at(ctx: &Context, root: &Path) -> HooksAt {
    let default = || HooksAt::File(root.join(lim::PLUGIN_HOOKS_FILE));
    let manifest = root.join(lim::PLUGIN_MANIFEST);
    let Some(text) = read_bounded(&manifest, MAX_CONFIG_BYTES)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
    else {
        return default();
    };
    // A manifest that does not parse is the plugin's problem, not its hooks': the default file.
    let Ok(doc) = crate::json_span::parse(&text) else {
        return default();
    };
    let Some(member) = doc.get("hooks") else {
        return default();
    };
    let display = ctx.display(&manifest);
    let at = || Location::at_span(display.clone(), &text, member.key_span.0, member.key_span.1);
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(serde_json::Value::Object(mut m)) => m.remove("hooks").unwrap_or_default(),
        _ => return default(),
    };
    match value {
        serde_json::Value::String(rel) => match inside(root, &rel) {
            Some(p) => HooksAt::File(p),
            None => HooksAt::Unread(
                Diagnostic::new(
                    Code::PathEscapesRoot,
                    format!("the plugin's `hooks` path `{rel}` leaves the plugin's directory; Cursor's plugin reference requires paths inside the plugin, so its hooks are not read"),
                )
                .with_convention(Convention::CursorHooks)
                .at(at()),
            ),
        },
        serde_json::Value::Object(_) => HooksAt::Unread(
            Diagnostic::new(
                Code::LayerNotCovered,
                "inline `hooks` in a Cursor plugin manifest are not covered: their shape is not published (cursor.com/docs/reference/plugins says only \"an inline hooks object\"), so they are not read; move them into `hooks/hooks.json`",
            )
            .with_convention(Convention::CursorHooks)
            .at(at()),
        ),
        _ => HooksAt::Unread(
            Diagnostic::new(
                Code::InvalidPluginManifest,
                "the plugin's `hooks` must be a path (a string) or an object",
            )
            .with_convention(Convention::CursorHooks)
            .at(at()),
        ),
    }
}

/// `rel` joined to `root`, unless it is absolute or climbs out of `root`.
fn inside(root: &Path, rel: &str) -> Option<PathBuf> {
    let p = Path::new(rel);
    let mut depth = 0usize;
    for c in p.components() {
        match c {
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::ParentDir => depth = depth.checked_sub(1)?,
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(root.join(p))
}

/// The roots of the installed plugins under `plugins` (`~/.cursor/plugins`), sorted:
/// `local/*` and, per `cache/<marketplace>/<plugin>/`, its most recently modified commit
/// directory (or the plugin directory itself when it holds the manifest).
pub(super) fn installed(plugins: &Path) -> Vec<PathBuf> {
    let is_plugin = |d: &Path| d.join(lim::PLUGIN_MANIFEST).is_file();
    let mut roots: Vec<PathBuf> = dirs(&plugins.join("local"))
        .into_iter()
        .filter(|d| is_plugin(d))
        .collect();
    for marketplace in dirs(&plugins.join("cache")) {
        for plugin in dirs(&marketplace) {
            if is_plugin(&plugin) {
                roots.push(plugin);
                continue;
            }
            let newest = dirs(&plugin)
                .into_iter()
                .filter(|d| is_plugin(d))
                .max_by_key(|d| {
                    (
                        std::fs::metadata(d).and_then(|m| m.modified()).ok(),
                        d.clone(),
                    )
                });
            roots.extend(newest);
        }
    }
    roots.sort();
    roots
}

/// The directories in `dir`, sorted (none when it is not one).
fn dirs(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = rd
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hooks_path_stays_inside_the_plugin() {
        let r = Path::new("/p");
        assert_eq!(
            inside(r, "./hooks/hooks.json"),
            Some(PathBuf::from("/p/./hooks/hooks.json"))
        );
        assert_eq!(
            inside(r, "a/../hooks.json"),
            Some(PathBuf::from("/p/a/../hooks.json"))
        );
        assert_eq!(inside(r, "../other/hooks.json"), None);
        assert_eq!(inside(r, "/etc/hooks.json"), None);
        assert_eq!(
            root_of_manifest(Path::new("/x/p/.cursor-plugin/plugin.json")),
            Some(PathBuf::from("/x/p"))
        );
        assert_eq!(root_of_manifest(Path::new("/x/p/plugin.json")), None);
    }
}
