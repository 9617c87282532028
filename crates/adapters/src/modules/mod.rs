//! What the conventions whose hooks are files in folders share: listing a folder's module files
//! with their checks ([`entries`]), the static scan of a module's source ([`scan`]), the tool name a file name gives ([`tool_name`]) and lowering
//! one module file ([`lower`]). GJC's hook modules, its plugins' modules, the hook folders of
//! Claude Code and Codex, and Cline's hook folder use them.

pub mod entries;
pub mod lower;
pub mod scan;
pub mod tool_name;
