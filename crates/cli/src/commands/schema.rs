//! `hooks schema [ir|CONV]`.

use crate::args::SchemaArgs;
use crate::exit::Exit;
use hook_ir::Convention;

/// Runs `hooks schema`: prints the JSON Schema of the IR (`ir`) or of a convention's config
/// file. A directory convention has no file format: exit 2 with where its layout is documented.
pub fn run(a: SchemaArgs) -> anyhow::Result<Exit> {
    let schema = match a.what.as_str() {
        "ir" => hook_ir::ir_schema(),
        name => match Convention::parse(name) {
            Some(c) => match adapters::schema(c) {
                Some(s) => s,
                None => {
                    eprintln!(
                        "error: `{c}` has no config file format: its hooks are module files in \
                         folders, so there is no schema to print; the layout is documented in \
                         docs/conventions/{c}.md"
                    );
                    return Ok(Exit::Failure);
                }
            },
            None => {
                eprintln!("error: no schema named `{name}`; available: {}", names());
                return Ok(Exit::Failure);
            }
        },
    };
    outln!("{}", serde_json::to_string_pretty(&schema)?);
    Ok(Exit::Success)
}

/// `ir` and every convention with a config file.
pub fn names() -> String {
    std::iter::once("ir")
        .chain(adapters::schema::with_schema().map(|c| c.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}
