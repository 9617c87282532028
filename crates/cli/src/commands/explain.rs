//! `hooks explain CODE` and `hooks explain --list`.

use crate::args::ExplainArgs;
use crate::exit::Exit;
use hook_ir::Code;

/// Runs `hooks explain`: one code's explanation, or the list of every code.
pub fn run(a: ExplainArgs) -> anyhow::Result<Exit> {
    if a.list {
        let width = Code::ALL
            .iter()
            .map(|c| c.as_str().len())
            .max()
            .unwrap_or(0);
        for c in Code::ALL {
            outln!(
                "{:width$}  {:7}  {}",
                c.as_str(),
                c.severity().as_str(),
                c.summary()
            );
        }
        return Ok(Exit::Success);
    }
    let name = a.code.unwrap_or_default();
    match Code::parse(&name) {
        Some(c) => {
            outln!("# {} ({})\n\n{}\n", c.as_str(), c.severity(), c.summary());
            out!("{}", c.explanation());
            Ok(Exit::Success)
        }
        None => {
            let suggestion =
                hook_ir::contract::suggest(&name, Code::ALL.iter().map(|c| c.as_str()));
            eprint!(
                "error: unknown diagnostic code `{}`",
                crate::render::human::visible_line(&name)
            );
            match suggestion {
                Some(s) => eprintln!("; did you mean `{s}`?"),
                None => eprintln!(),
            }
            eprintln!("run `hooks explain --list` to see every code");
            Ok(Exit::Failure)
        }
    }
}
