//! `hooks run` per agent (issue 27): one runner per convention, each event's tool name spelled
//! as that convention's agent spells it (the tool table), the decision of each agent when the
//! hooks of several ran (no single agent merges them), and a plain line for each gate hook that
//! failed or timed out and so let the call through.

use hook_ir::tools::{self, Agent};
use hook_ir::{Convention, Hook, Kind};
use runner::{Decision, Event, OutcomeKind, Runner, RunnerOptions, ToolResultPatch, Verdict};

/// `tool` as `convention`'s agent spells it (through the tool table), and whether it changed.
/// A name the agent knows is kept; a name of another agent's tool is carried over to the
/// equivalent; an unknown name (a custom or MCP tool) is kept.
pub fn map_tool(tool: &str, convention: Convention) -> (String, Option<Agent>) {
    let Some(to) = Agent::of(convention) else {
        return (tool.to_string(), None);
    };
    if tool.is_empty() || tools::is_known(to, tool) {
        return (tool.to_string(), None);
    }
    for from in Agent::ALL {
        if tools::lookup(from, tool).is_none() {
            continue;
        }
        if let Some(name) = tools::map_name(from, to, tool)
            .ok()
            .and_then(|m| m.names.into_iter().next())
        {
            return (name, Some(from));
        }
    }
    (tool.to_string(), None)
}

/// One runner per convention of the hooks, in the order the conventions first appear.
pub struct Agents {
    /// (convention, its runner).
    pub runners: Vec<(Convention, Runner)>,
}

impl Agents {
    /// Splits `hooks` by convention; each runner gets `options`.
    pub fn new(hooks: Vec<Hook>, options: &RunnerOptions) -> Agents {
        let mut by: Vec<(Convention, Vec<Hook>)> = Vec::new();
        for h in hooks {
            match by.iter_mut().find(|(c, _)| *c == h.convention) {
                Some((_, v)) => v.push(h),
                None => by.push((h.convention, vec![h])),
            }
        }
        Agents {
            runners: by
                .into_iter()
                .map(|(c, hs)| (c, Runner::new(hs, options.clone())))
                .collect(),
        }
    }

    /// Dispatches `event` to every agent, its tool spelled per agent. Returns each agent's
    /// decision (for agents with matching hooks) and the notes about spellings.
    pub fn dispatch(&self, event: &Event) -> (Vec<(Convention, Decision)>, Vec<String>) {
        let mut out = Vec::new();
        let mut notes = Vec::new();
        for (c, r) in &self.runners {
            let mut e = event.clone();
            if let Some(tool) = &event.tool_name {
                let (name, from) = map_tool(tool, *c);
                if from.is_some() {
                    e.tool_name = Some(name.clone());
                    // The hooks that run only because of the spelling: a literal run skips them.
                    let literal: Vec<String> = r
                        .matching_hooks(event)
                        .iter()
                        .map(|h| h.id.clone())
                        .collect();
                    let spelled: Vec<String> = r
                        .matching_hooks(&e)
                        .iter()
                        .map(|h| h.id.clone())
                        .filter(|id| !literal.contains(id))
                        .collect();
                    if !spelled.is_empty() {
                        let agent = Agent::of(*c).map_or(c.as_str(), Agent::name);
                        notes.push(format!(
                            "`{tool}` is `{name}` under {agent} (the tool table): {} run for `{name}`, \
                             which `{tool}` as written would skip",
                            spelled
                                .iter()
                                .map(|id| format!("hook `{id}`"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                }
            }
            if r.has_match(&e) {
                out.push((*c, r.dispatch_blocking(&e)));
            }
        }
        (out, notes)
    }

    /// Every hook no runner will run, and why.
    pub fn skipped(&self) -> impl Iterator<Item = &runner::Skipped> {
        self.runners.iter().flat_map(|(_, r)| r.skipped())
    }

    /// Waits for every agent's detached hooks.
    pub fn wait_detached(&self) -> Vec<runner::HookOutcome> {
        self.runners
            .iter()
            .flat_map(|(_, r)| r.wait_detached())
            .collect()
    }

    /// Every agent's detached hooks handed to a supervisor since the last call.
    pub fn take_detached(&self) -> Vec<runner::DetachedBatch> {
        self.runners
            .iter()
            .flat_map(|(_, r)| r.take_detached())
            .collect()
    }

    /// How many detached hooks still run.
    pub fn detached_running(&self) -> usize {
        self.runners.iter().map(|(_, r)| r.detached_running()).sum()
    }
}

/// The agents' decisions as one, the way the runner merges its convention groups: the first
/// block wins (its reason), contexts, effects and outcomes in order, the first rewritten input,
/// continuation and tool-output fields (later ones override earlier ones' fields).
pub fn merge(kind: Kind, decisions: &[(Convention, Decision)]) -> Decision {
    let mut d = Decision::allow(kind);
    let mut patch: Option<ToolResultPatch> = None;
    for (_, x) in decisions {
        if let (Verdict::Block { reason }, false) = (&x.verdict, d.is_block()) {
            d.verdict = Verdict::Block {
                reason: reason.clone(),
            };
        }
        d.context.extend(x.context.iter().cloned());
        if d.continuation.is_none() {
            d.continuation = x.continuation.clone();
        }
        if d.updated_input.is_none() {
            d.updated_input = x.updated_input.clone();
        }
        if let Some(t) = &x.tool_result {
            let p = patch.get_or_insert_with(ToolResultPatch::default);
            if t.content.is_some() {
                p.content = t.content.clone();
            }
            if t.details.is_some() {
                p.details = t.details.clone();
            }
            if t.is_error.is_some() {
                p.is_error = t.is_error;
            }
        }
        d.effects.extend(x.effects.iter().cloned());
        d.hooks.extend(x.hooks.iter().cloned());
    }
    d.tool_result = patch;
    if d.is_block() {
        d.updated_input = None;
    }
    d
}

/// What blocks under `c`, for "… blocks only on …" (its profile's words).
pub fn block_rule(c: Convention) -> &'static str {
    hook_ir::conventions::profile(c).blocks_on
}

/// One line per gate hook of `d` (the decision of `c`'s agent) that failed or timed out while
/// the agent allowed: the agent's rule and that the call goes on. `hooks` finds each hook's
/// source event (whether it is a gate).
pub fn failed_gates(c: Convention, d: &Decision, hooks: &[Hook]) -> Vec<String> {
    if d.is_block()
        || !matches!(
            d.kind,
            Kind::PreToolUse | Kind::UserPromptSubmit | Kind::Stop
        )
    {
        return Vec::new();
    }
    let agent = Agent::of(c).map_or(c.as_str(), Agent::name);
    let what = match d.kind {
        Kind::PreToolUse => "the tool call is allowed",
        Kind::UserPromptSubmit => "the prompt goes on",
        _ => "the agent stops",
    };
    d.hooks
        .iter()
        .filter(|o| matches!(o.outcome, OutcomeKind::Failed | OutcomeKind::TimedOut))
        .filter(|o| !o.not_loaded)
        .filter(|o| {
            hooks.iter().any(|h| {
                h.id == o.id
                    && hook_ir::contract::find(h.convention, &h.source_event)
                        .and_then(|r| r.rules())
                        .is_some_and(|r| r.can_block)
            })
        })
        .map(|o| {
            let how = match (o.outcome, o.exit_code) {
                (OutcomeKind::TimedOut, _) => "timed out".to_string(),
                (_, Some(code)) => format!("exited {code}"),
                (_, None) => "failed".to_string(),
            };
            format!(
                "warning: hook `{}` is a guard and it {how}: {agent} blocks only on {}, so {what} \
                 (the agent fails open; --fail-on-hook-error makes this exit 1)",
                o.id,
                block_rule(c)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_names_are_carried_to_each_agent() {
        assert_eq!(map_tool("Bash", Convention::Gjc).0, "bash");
        assert_eq!(map_tool("bash", Convention::ClaudeSettings).0, "Bash");
        assert_eq!(
            map_tool("Bash", Convention::ClaudeSettings),
            ("Bash".into(), None)
        );
        assert_eq!(
            map_tool("my_tool", Convention::Gjc),
            ("my_tool".into(), None)
        );
    }
}
