//! Where GJC installs plugins, and reading one manifest with its scope's registry.

use super::lower::{lower_plugin, Manifest, Registry};
use super::raw::{RawRegistry, MANIFEST, REGISTRY};
use crate::json_source::{parse_error, read_json};
use crate::json_span;
use crate::{Context, Output};
use hook_ir::{Code, Convention, Diagnostic, Location};
use std::path::{Path, PathBuf};

/// The user scope root, relative to the home dir (`getAgentDir()/gjc-plugins`).
pub const USER_ROOT: &str = ".gjc/agent/gjc-plugins";
/// The project scope root, relative to the project (`<cwd>/.gjc/gjc-plugins`).
pub const PROJECT_ROOT: &str = ".gjc/gjc-plugins";

const CONV: Convention = Convention::GjcPlugin;

/// A scope's registry, read once.
enum Reg {
    Missing,
    Corrupt,
    Ok(RawRegistry),
}

/// Discovers the user scope, then the project scope (GJC's order: user before project).
pub fn discover(ctx: &Context, out: &mut Output) {
    let mut seen: Vec<PathBuf> = Vec::new();
    let scopes = [
        ctx.home.as_ref().map(|h| h.join(USER_ROOT)),
        ctx.project.as_ref().map(|p| p.join(PROJECT_ROOT)),
    ];
    for root in scopes.into_iter().flatten() {
        if crate::run_cache::absent(ctx, &root) || !root.is_dir() {
            continue;
        }
        let real = std::fs::canonicalize(&root).unwrap_or_else(|_| root.clone());
        if seen.contains(&real) {
            continue;
        }
        seen.push(real);
        scan_scope(ctx, &root, out);
    }
}

/// The plugin roots of a scope: the scope root itself when it holds a manifest, else every
/// non-dot subdirectory holding one, plus registry `pluginRoot`s elsewhere (sorted, unique).
fn plugin_roots(root: &Path, reg: &Reg) -> Vec<PathBuf> {
    if root.join(MANIFEST).is_file() {
        return vec![root.to_path_buf()];
    }
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
                .map(|e| e.path())
                .filter(|p| p.is_dir() && p.join(MANIFEST).is_file())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    if let Reg::Ok(r) = reg {
        let known: Vec<PathBuf> = dirs
            .iter()
            .filter_map(|d| std::fs::canonicalize(d).ok())
            .collect();
        for e in &r.plugins {
            let Some(pr) = &e.plugin_root else { continue };
            let p = PathBuf::from(pr);
            let real = std::fs::canonicalize(&p).ok();
            if p.join(MANIFEST).is_file() && real.is_some_and(|r| !known.contains(&r)) {
                dirs.push(p);
            }
        }
    }
    dirs
}

fn read_registry(ctx: &Context, scope_root: &Path, out: &mut Output) -> Reg {
    let path = scope_root.join(REGISTRY);
    if !path.exists() {
        return Reg::Missing;
    }
    let Some((display, text)) = read_json(ctx, CONV, &path, out) else {
        return Reg::Corrupt;
    };
    match serde_json::from_str::<RawRegistry>(&text) {
        Ok(r) if r.version == serde_json::json!(1) => Reg::Ok(r),
        Ok(_) => {
            out.diag(
                Diagnostic::new(
                    Code::InvalidPluginManifest,
                    "registry.json has an unsupported `version` (GJC reads version 1); GJC fails to load this scope's plugins",
                )
                .with_convention(CONV)
                .at(Location::path_only(display)),
            );
            Reg::Corrupt
        }
        Err(e) => {
            let offset = json_span::parse(&text).err().map_or(0, |j| j.span.0);
            out.diag(
                Diagnostic::new(
                    Code::ParseError,
                    format!("registry.json cannot be read as GJC's registry: {e}; GJC fails to load this scope's plugins"),
                )
                .with_convention(CONV)
                .at(crate::source::locate(display, &text, offset, offset)),
            );
            Reg::Corrupt
        }
    }
}

/// A plugin's hooks are the plugin's, installed by GJC's plugin manager (user or project scope
/// alike): each manifest is read in the plugin layer with its plugin's root, the scope's
/// registry in the same layer with none.
fn scan_scope(ctx: &Context, root: &Path, out: &mut Output) {
    let plugin = hook_ir::Scope::Plugin;
    let reg = out.layer(plugin, None, |out| read_registry(ctx, root, out));
    for plugin_root in plugin_roots(root, &reg) {
        out.layer(plugin, Some(&plugin_root), |out| {
            load_manifest(ctx, &plugin_root.join(MANIFEST), &reg, out)
        });
    }
}

/// Reads an explicit manifest; its registry is the one of the scope root above the plugin.
pub fn load(ctx: &Context, path: &Path, out: &mut Output) {
    let plugin_root = path.parent().unwrap_or(Path::new("."));
    let reg = match plugin_root.parent() {
        Some(scope) if scope.join(REGISTRY).exists() => read_registry(ctx, scope, out),
        _ if plugin_root.join(REGISTRY).exists() => read_registry(ctx, plugin_root, out),
        _ => Reg::Missing,
    };
    load_manifest(ctx, path, &reg, out);
}

fn load_manifest(ctx: &Context, path: &Path, reg: &Reg, out: &mut Output) {
    let Some((display, text)) = read_json(ctx, CONV, path, out) else {
        return;
    };
    let tree = match json_span::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            out.diag(parse_error(
                CONV,
                &display,
                &text,
                &e,
                "GJC cannot load this plugin",
            ));
            return;
        }
    };
    let root = path.parent().unwrap_or(Path::new("."));
    let name = tree.get("name").and_then(|m| m.value.as_str());
    let real_root = std::fs::canonicalize(root).ok();
    let registry = match reg {
        Reg::Missing => Registry::Missing,
        Reg::Corrupt => Registry::Corrupt,
        Reg::Ok(r) => r
            .plugins
            .iter()
            .find(|e| {
                Some(e.name.as_str()) == name
                    && e.plugin_root
                        .as_ref()
                        .is_none_or(|pr| std::fs::canonicalize(pr).ok() == real_root)
            })
            .map_or(Registry::NoEntry, Registry::Entry),
    };
    lower_plugin(
        ctx,
        &Manifest {
            src: &crate::Source::new(display, text),
            root,
        },
        &tree,
        registry,
        out,
    );
}
