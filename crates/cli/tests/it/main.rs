//! The integration tests of the `hooks` binary, in one test binary (as cargo's own testsuite):
//! one link instead of one per file, and one harness, [`common`], for the project set-up, the
//! run of the real binary and its output. Each module is the tests of one command or concern.

mod common;

mod audit;
mod bridge_detached;
mod bridge_e2e;
mod bridge_install;
mod bridge_qwen;
mod bridge_uninstall;
mod bridge_warm;
mod cli_lint;
mod cli_misc;
mod cline_e2e;
mod codex_config_toml;
mod copilot_e2e;
mod cursor_e2e;
mod demo_module;
mod docs_truth;
mod doctor;
mod doctor_live;
mod embed_example;
mod foundation;
mod gemini_e2e;
mod hostile_inputs;
mod import_cwd;
mod import_dirs;
mod import_e2e;
mod import_large;
mod import_native_events;
mod import_progress;
mod import_realworld;
mod import_reimport;
mod import_round_trip;
mod import_safety;
mod import_scopes;
mod import_variables;
mod lint_config;
mod lint_determinism;
mod lint_dirs;
mod lint_fix;
mod lint_fix_each;
mod lint_paths;
mod lint_repo;
mod lint_rules;
mod lint_severities;
mod lint_toml;
mod qwen_settings;
mod readers_e2e;
mod run_agents;
mod run_cmd;
mod run_e2e;
mod run_module_runtime;
mod run_session;
mod setup_codex;
mod test_cmd;
