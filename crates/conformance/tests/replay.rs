//! The replay: every committed trace through our adapter and runner, compared with what the real
//! agent did. Differences must be listed in `conformance/differences.toml` with a reason.

use conformance::replay::{replay_all, DifferenceFile};
use conformance::{repo_root, scenario::ScenarioFile};
use std::collections::BTreeSet;

#[test]
fn every_trace_agrees_with_the_replay_or_its_difference_is_listed() {
    let repo = repo_root();
    let listed = DifferenceFile::load(&repo).unwrap().difference;
    let outcomes = replay_all(&repo).unwrap();
    assert!(!outcomes.is_empty(), "no trace under conformance/traces");
    let mut problems = Vec::new();
    let mut used = BTreeSet::new();
    for o in &outcomes {
        for aspect in &o.differs {
            let hit = listed
                .iter()
                .position(|d| d.covers(&o.trace.agent, &o.trace.scenario, *aspect));
            match hit {
                Some(i) => {
                    used.insert(i);
                }
                None => problems.push(format!(
                    "{}: {} differ and the difference is not listed\n  agent: {}\n  ours:  {}",
                    o.path.display(),
                    aspect.as_str(),
                    serde_json::to_string(&o.theirs).unwrap(),
                    serde_json::to_string(&o.ours).unwrap(),
                )),
            }
        }
    }
    for (i, d) in listed.iter().enumerate() {
        if !used.contains(&i) {
            problems.push(format!(
                "listed difference {}/{} ({}) no longer occurs: remove it from conformance/differences.toml",
                d.agent,
                d.scenario,
                d.aspect.as_str()
            ));
        }
    }
    let fresh = conformance::docs::render_with(&repo, &outcomes).unwrap();
    let committed = std::fs::read_to_string(repo.join("docs/conformance.md")).unwrap_or_default();
    if fresh != committed {
        problems.push(
            "docs/conformance.md is stale: run `cargo run -p conformance -- docs`".to_string(),
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

#[test]
fn every_scenario_has_a_trace_per_agent_and_every_trace_a_scenario() {
    let repo = repo_root();
    let scenarios = ScenarioFile::load(&repo.join("conformance/scenarios.toml")).unwrap();
    let mut wanted = BTreeSet::new();
    for s in &scenarios.scenario {
        for a in &s.agents {
            let agent = conformance::agents::Agent::parse(a).unwrap();
            let v = agent.pinned_version(&repo).unwrap();
            wanted.insert(conformance::trace_dir(&repo, a, &v).join(format!("{}.json", s.name)));
        }
    }
    // The pending agents' traces (conformance/traces-pending/) count here, never in the replay.
    let have: BTreeSet<_> = conformance::replay::load_traces(&repo)
        .unwrap()
        .into_iter()
        .chain(conformance::replay::load_pending_traces(&repo).unwrap())
        .map(|(p, _)| p)
        .collect();
    let missing: Vec<_> = wanted.difference(&have).collect();
    let orphan: Vec<_> = have.difference(&wanted).collect();
    assert!(
        missing.is_empty() && orphan.is_empty(),
        "record them with `cargo run -p conformance -- record`: missing {missing:?}; \
         traces of no scenario or of another version {orphan:?}"
    );
}
