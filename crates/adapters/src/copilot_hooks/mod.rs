//! GitHub Copilot CLI hooks (`copilot-hooks`): the adapter's row. Discovery, the raw model,
//! lowering and the writer follow (issue 29, step 2); until then the convention is known to
//! the contract table and has its JSON Schema, but reads no file.

pub mod schema;

use crate::{Context, Output};
use hook_ir::Convention;

/// `CopilotHooks`'s row of the adapter registry ([`crate::registry::ADAPTERS`]).
#[derive(Debug, Clone, Copy)]
pub struct CopilotHooks;

impl crate::registry::Adapter for CopilotHooks {
    fn convention(&self) -> Convention {
        Convention::CopilotHooks
    }

    fn discover(&self, _ctx: &Context, _out: &mut Output) {}

    fn schema(&self) -> Option<serde_json::Value> {
        Some(schema::json_schema())
    }

    fn looked_for(&self) -> &'static str {
        ".github/hooks/*.json; .github/copilot/settings.json and settings.local.json (`hooks`)"
    }
}
