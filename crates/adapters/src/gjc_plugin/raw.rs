//! Raw models of the two files: the manifest `gajae-plugin.json` and the per-scope
//! `registry.json` (shapes from GJC's `extensibility/gjc-plugins/types.ts`).
//!
//! The manifest is read through [`crate::json_span`] into [`RawManifest`], which keeps every
//! field as the positioned node it was written as: GJC distinguishes an absent `target`/`phase`
//! from one written as `null`, and diagnostics point at the field. The registry is plain serde.

use crate::json_span::Node;
use serde::Deserialize;

/// The manifest `kind` GJC requires.
pub const PLUGIN_KIND: &str = "gajae-code-plugin";
/// The manifest file name.
pub const MANIFEST: &str = "gajae-plugin.json";
/// The per-scope registry file name.
pub const REGISTRY: &str = "registry.json";

/// `gajae-plugin.json`: `{kind, name, version, hooks: [...], ...}` (other surfaces are ignored
/// here: tools, subskills, MCP servers and appendices are not hooks).
#[derive(Debug, Clone, Copy)]
pub struct RawManifest<'a> {
    /// `kind`, must be [`PLUGIN_KIND`].
    pub kind: Option<&'a Node>,
    /// `name`.
    pub name: Option<&'a Node>,
    /// `version`.
    pub version: Option<&'a Node>,
    /// `hooks`, an array of [`RawPluginHook`] objects.
    pub hooks: Option<&'a Node>,
}

/// One `hooks[]` entry: `{name, event, target?, phase?, path, sha256?}`.
#[derive(Debug, Clone, Copy)]
pub struct RawPluginHook<'a> {
    /// The whole entry.
    pub node: &'a Node,
    /// `name`.
    pub name: Option<&'a Node>,
    /// `event`.
    pub event: Option<&'a Node>,
    /// `target`, when the key is present (even as `null`).
    pub target: Option<&'a Node>,
    /// `phase`, when the key is present (even as `null`).
    pub phase: Option<&'a Node>,
    /// `path`, relative to the plugin root.
    pub path: Option<&'a Node>,
}

impl<'a> RawManifest<'a> {
    /// Reads the fields of a manifest object (`None` when it is not an object).
    pub fn from_node(n: &'a Node) -> Option<Self> {
        n.members()?;
        let f = |k: &str| n.get(k).map(|m| &m.value);
        Some(RawManifest {
            kind: f("kind"),
            name: f("name"),
            version: f("version"),
            hooks: f("hooks"),
        })
    }
}

impl<'a> RawPluginHook<'a> {
    /// Reads the fields of a hook entry (`None` when it is not an object).
    pub fn from_node(n: &'a Node) -> Option<Self> {
        n.members()?;
        let f = |k: &str| n.get(k).map(|m| &m.value);
        Some(RawPluginHook {
            node: n,
            name: f("name"),
            event: f("event"),
            target: f("target"),
            phase: f("phase"),
            path: f("path"),
        })
    }
}

/// `registry.json`: `{version: 1, scope, plugins: [...]}`.
#[derive(Debug, Clone, Deserialize)]
pub struct RawRegistry {
    /// Format version (GJC accepts 1).
    pub version: serde_json::Value,
    /// `user` or `project`.
    #[serde(default)]
    pub scope: Option<String>,
    /// Installed plugins.
    #[serde(default)]
    pub plugins: Vec<RawRegistryEntry>,
}

/// One installed plugin.
#[derive(Debug, Clone, Deserialize)]
pub struct RawRegistryEntry {
    /// Plugin name.
    pub name: String,
    /// Absolute plugin root.
    #[serde(default, rename = "pluginRoot")]
    pub plugin_root: Option<String>,
    /// Whether enabled.
    #[serde(default = "yes")]
    pub enabled: bool,
    /// Every copied file with its SHA-256.
    #[serde(default, rename = "copiedFiles")]
    pub copied_files: Vec<RawCopiedFile>,
}

fn yes() -> bool {
    true
}

/// One copied file.
#[derive(Debug, Clone, Deserialize)]
pub struct RawCopiedFile {
    /// Path relative to the plugin root.
    #[serde(rename = "relativePath")]
    pub relative_path: String,
    /// Lowercase hex SHA-256 of the file.
    pub sha256: String,
}
