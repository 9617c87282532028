//! One module per subcommand.

mod audit;
mod bridge;
mod completions;
mod configured;
mod detached;
mod discover;
mod doctor;
mod explain;
mod import;
mod lint;
mod lint_empty;
mod lint_fix;
mod list;
mod merged;
mod run;
mod run_agents;
mod schema;
mod setup;
mod test;
mod trust;
mod trust_policy;

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
        Command::Run(a) => run::run(a),
        Command::Import(a) => import::run(a),
        Command::Completions(a) => completions::run(a),
        Command::Setup(a) => setup::run(a),
        Command::Bridge(a) => bridge::run(a),
        Command::Test(a) => test::run(a),
        Command::Doctor(a) => doctor::run(a),
        Command::Audit(a) => audit::run(a),
        Command::Trust(a) => trust::run(a),
    }
}
