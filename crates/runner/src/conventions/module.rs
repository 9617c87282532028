//! The seam for module hooks (`Handler::Module`): the runner hands them to a
//! [`ModuleDispatch`] (the JavaScript host) and folds the decision it returns into its own.

use crate::decision::{OutcomeKind, Verdict};
use crate::group::Group;
use crate::options::ModuleDispatch;
use crate::outcome::{not_run, HookRun};
use crate::Event;
use hook_ir::{Convention, Hook};

/// The error of a module hook when no host is plugged in.
pub(crate) const NO_HOST: &str = "module hooks need the JavaScript host";

/// Runs one convention's module hooks through `host`.
pub(crate) async fn run(
    runner: &Group<'_>,
    convention: Convention,
    group: &[usize],
    event: &Event,
    host: Option<&dyn ModuleDispatch>,
) -> Vec<HookRun> {
    let Some(host) = host else {
        return group
            .iter()
            .map(|&i| {
                HookRun::new(
                    i,
                    not_run(&runner.hooks[i].hook.id, OutcomeKind::Failed, NO_HOST),
                )
            })
            .collect();
    };
    let hooks: Vec<&Hook> = group.iter().map(|&i| &runner.hooks[i].hook).collect();
    let d = host
        .dispatch(convention, &hooks, event, runner.session)
        .await;
    // One run per hook, matched to the host's outcomes by id.
    let mut runs: Vec<HookRun> = group
        .iter()
        .map(|&i| {
            let id = &runner.hooks[i].hook.id;
            match d.hooks.iter().find(|o| &o.id == id) {
                Some(o) => HookRun::new(i, o.clone()),
                None => HookRun::new(
                    i,
                    not_run(
                        id,
                        OutcomeKind::Failed,
                        "the module host returned no outcome for this hook",
                    ),
                ),
            }
        })
        .collect();
    if runs.is_empty() {
        return runs;
    }
    // The group's verdict belongs to its first blocking hook (else its first hook); the rest of
    // the group's decision rides on the first hook, keeping the host's own order.
    let blocker = runs
        .iter()
        .position(|r| r.outcome.outcome == OutcomeKind::Blocked)
        .unwrap_or(0);
    if let Verdict::Block { reason } = d.verdict {
        runs[blocker].block = Some(reason);
    }
    let first = &mut runs[0];
    first.context = d.context;
    first.continuation = d.continuation;
    first.updated_input = d.updated_input;
    first.tool_result = d.tool_result;
    first.effects = d.effects;
    runs
}
