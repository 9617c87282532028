//! `hooks schema [ir]`.

use crate::args::SchemaArgs;
use crate::exit::Exit;

/// Runs `hooks schema`: prints a JSON Schema (`ir`).
pub fn run(a: SchemaArgs) -> anyhow::Result<Exit> {
    match a.what.as_str() {
        "ir" => {
            println!("{}", serde_json::to_string_pretty(&hook_ir::ir_schema())?);
            Ok(Exit::Success)
        }
        other => {
            eprintln!("error: no schema named `{other}`; available: ir");
            Ok(Exit::Failure)
        }
    }
}
