//! One module per subcommand.

mod discover;
mod explain;
mod lint;
mod list;
mod schema;
mod setup;

use crate::args::{Cli, Command};
use crate::exit::Exit;

pub use discover::discover_paths;

/// Runs the parsed command.
pub fn run(cli: Cli) -> anyhow::Result<Exit> {
    match cli.command {
        Command::Lint(a) => lint::run(a),
        Command::List(a) => list::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Schema(a) => schema::run(a),
        Command::Setup(a) => setup::run(a),
    }
}
