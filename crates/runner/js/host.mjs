// The JavaScript side of the runner's module host (crates/runner/src/module_host/).
//
// Shipped inside the runner crate (include_str!) and written to a cache file at start; run by
// Node.js or Bun. It loads GJC hook modules once each and runs their handlers when the runner
// asks. The protocol (line-delimited JSON on stdin/stdout) is documented in
// crates/runner/src/module_host/mod.rs; keep both in step (PROTOCOL_VERSION).
//
// Why the details below matter:
// - stdout carries only protocol lines: console.* and process.stdout.write of modules are
//   redirected (to the running handler's log, else to stderr), so a chatty module cannot corrupt
//   the protocol.
// - AsyncLocalStorage attributes logs and effects to the handler invocation that caused them,
//   even when several dispatches are in flight.
// - Handler timeouts are applied here (per handler, as GJC's ExtensionRunner does, firing the
//   handler's abort signal); the runner guards them again from the Rust side.

import { AsyncLocalStorage } from "node:async_hooks";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { format } from "node:util";

const PROTOCOL_VERSION = 1;
const protocolWrite = process.stdout.write.bind(process.stdout);
const stderrWrite = process.stderr.write.bind(process.stderr);
const invocation = new AsyncLocalStorage();

function send(message) {
	protocolWrite(`${JSON.stringify(message)}\n`);
}

function note(text) {
	stderrWrite(`${text}\n`);
}

// Module output never reaches the protocol channel.
process.stdout.write = (chunk, encoding, callback) => {
	const inv = invocation.getStore();
	if (inv) {
		inv.logs.push(String(chunk).replace(/\n$/, ""));
		if (typeof encoding === "function") encoding();
		else if (typeof callback === "function") callback();
		return true;
	}
	return process.stderr.write(chunk, encoding, callback);
};
for (const level of ["log", "info", "warn", "error", "debug", "trace"]) {
	console[level] = (...args) => log(level === "log" ? "info" : level, format(...args));
}

function log(level, text) {
	const line = `[${level}] ${text}`;
	const inv = invocation.getStore();
	if (inv) inv.logs.push(line);
	else note(line);
}

// A handler's stray async error must not take the host (and every other hook) down with it.
process.on("uncaughtException", err => note(`[host] uncaught exception: ${err?.stack ?? err}`));
process.on("unhandledRejection", err => note(`[host] unhandled rejection: ${err?.stack ?? err}`));

const logger = {
	info: (message, meta) => log("info", withMeta(message, meta)),
	warn: (message, meta) => log("warn", withMeta(message, meta)),
	error: (message, meta) => log("error", withMeta(message, meta)),
	debug: (message, meta) => log("debug", withMeta(message, meta)),
};

function withMeta(message, meta) {
	if (meta === undefined) return String(message);
	try {
		return `${message} ${JSON.stringify(meta)}`;
	} catch {
		return `${message} ${String(meta)}`;
	}
}

function codedError(code, message) {
	const err = new Error(message);
	err.code = code;
	return err;
}

function effect(kind, data) {
	const inv = invocation.getStore();
	const record = { type: kind, ...data };
	if (inv) inv.effects.push(record);
	else note(`[host] ${kind} outside an event handler: ${safeJson(record)}`);
	return record;
}

function safeJson(value) {
	try {
		return JSON.stringify(value);
	} catch {
		return String(value);
	}
}

// GJC's exec runs the command for real (no shell) and resolves with its output; so does this one.
// The call is also reported to the runner as an `exec` effect, completed with the exit code.
function exec(cwd) {
	return (command, args = [], options = {}) => {
		const record = effect("exec", { command, args, cwd: options.cwd ?? cwd });
		return new Promise(resolve => {
			let stdout = "";
			let stderr = "";
			let killed = false;
			let child;
			try {
				child = spawn(command, args, {
					cwd: options.cwd ?? cwd,
					stdio: ["ignore", "pipe", "pipe"],
					signal: options.signal,
				});
			} catch (err) {
				record.code = -1;
				record.error = String(err?.message ?? err);
				resolve({ stdout, stderr: record.error, code: -1, killed });
				return;
			}
			let timer;
			if (options.timeout) {
				timer = setTimeout(() => {
					killed = true;
					child.kill("SIGKILL");
				}, options.timeout);
			}
			child.stdout.on("data", d => (stdout += d));
			child.stderr.on("data", d => (stderr += d));
			child.on("error", err => {
				stderr += String(err?.message ?? err);
			});
			child.on("close", code => {
				if (timer) clearTimeout(timer);
				record.code = code ?? -1;
				resolve({ stdout, stderr, code: code ?? -1, killed });
			});
		});
	};
}

function nativeApi(handlers, cwd) {
	return {
		on(event, handler) {
			if (typeof handler !== "function") throw new TypeError(`api.on("${event}") needs a function`);
			if (!handlers.has(event)) handlers.set(event, []);
			handlers.get(event).push(handler);
		},
		exec: exec(cwd),
		logger,
		sendMessage(message, options) {
			if (!invocation.getStore()) throw new Error("sendMessage handler not initialized");
			effect("send_message", { message, options });
		},
		appendEntry(customType, data) {
			if (!invocation.getStore()) throw new Error("appendEntry handler not initialized");
			effect("append_entry", { customType, data });
		},
		// Commands and renderers belong to GJC's interactive UI, which the runner does not have.
		registerCommand() {},
		registerMessageRenderer() {},
	};
}

const DENIED = ["exec", "sendMessage", "appendEntry", "registerCommand", "registerMessageRenderer"];

function pluginApi(registered, plugin) {
	const api = {
		on(event, handler) {
			registered.push({ event, handler });
		},
		logger,
	};
	for (const method of DENIED) {
		api[method] = () => {
			throw codedError("security_policy", `Plugin hook "${plugin}" attempted denied API: ${method}`);
		};
	}
	return api;
}

// key -> { handlers: Map<event, fn[]> } once loaded; a promise while loading.
const modules = new Map();

async function load(req) {
	const existing = modules.get(req.module);
	if (existing) return { events: [...(await existing).handlers.keys()] };
	const loading = loadModule(req);
	modules.set(req.module, loading);
	try {
		const loaded = await loading;
		return { events: [...loaded.handlers.keys()] };
	} catch (err) {
		modules.delete(req.module);
		throw err;
	}
}

async function loadModule(req) {
	const mod = await import(pathToFileURL(req.path).href);
	if (req.api === "plugin") {
		const registered = [];
		const factory = mod.default ?? mod;
		if (typeof factory !== "function")
			throw codedError("invalid_hook", "Plugin hook must export a default function");
		await factory(pluginApi(registered, req.plugin ?? ""));
		if (registered.length !== 1 || registered[0].event !== req.event) {
			throw codedError(
				"runtime_mismatch",
				`Plugin hook registered ${JSON.stringify(registered.map(r => r.event))}, expected exactly ["${req.event}"]`,
			);
		}
		return { handlers: new Map([[req.event, [registered[0].handler]]]) };
	}
	const factory = mod.default;
	if (typeof factory !== "function") throw codedError("invalid_hook", "Hook must export a default function");
	const handlers = new Map();
	await factory(nativeApi(handlers, req.cwd ?? process.cwd()));
	return { handlers };
}

// The context GJC passes handlers, without a UI (as GJC runs headless): prompts answer
// "nothing chosen", notifications become log lines, so a module written for the interactive
// agent does not fail on a missing method.
function handlerContext(cwd, signal) {
	return {
		cwd,
		signal,
		hasUI: false,
		model: undefined,
		ui: {
			select: async () => undefined,
			confirm: async () => false,
			input: async () => undefined,
			editor: async () => undefined,
			custom: async () => undefined,
			notify: (message, type = "info") => log(`notify:${type}`, String(message)),
			setStatus: () => {},
			setEditorText: () => {},
			getEditorText: () => "",
		},
		isIdle: () => true,
		abort: () => {},
		hasQueuedMessages: () => false,
	};
}

const TIMEOUT = Symbol("timeout");

async function runOne(handler, payload, ctx, timeoutMs, abort) {
	if (timeoutMs == null) return await handler(payload, ctx);
	let timer;
	const timeout = new Promise(resolve => {
		timer = setTimeout(() => resolve(TIMEOUT), timeoutMs);
	});
	try {
		const value = await Promise.race([Promise.resolve().then(() => handler(payload, ctx)), timeout]);
		if (value === TIMEOUT) abort.abort(new Error(`handler timed out after ${timeoutMs}ms`));
		return value;
	} finally {
		clearTimeout(timer);
	}
}

function toData(value) {
	if (value === undefined) return null;
	return JSON.parse(JSON.stringify(value) ?? "null");
}

async function dispatch(req) {
	const loaded = await modules.get(req.module);
	if (!loaded) throw codedError("not_loaded", `module ${req.module} is not loaded in this host`);
	const list = loaded.handlers.get(req.on) ?? [];
	const inv = { logs: [], effects: [] };
	const results = [];
	const payload = req.payload;
	for (let index = 0; index < list.length; index++) {
		// Only timed handlers need the runner's guard; tool_call (no timeout) skips the extra line.
		if (req.timeout_ms != null)
			send({ id: req.id, progress: "handler_start", handler: index, timeout_ms: req.timeout_ms });
		const abort = new AbortController();
		const ctx = handlerContext(req.cwd ?? process.cwd(), abort.signal);
		const started = performance.now();
		try {
			const value = await invocation.run(inv, () => runOne(list[index], payload, ctx, req.timeout_ms, abort));
			const ms = Math.round(performance.now() - started);
			if (value === TIMEOUT) {
				results.push({ status: "timeout", ms });
				continue;
			}
			const data = toData(value);
			results.push({ status: "ok", value: data, ms });
			if (req.mode === "tool_call" && data && data.block) break;
			if (req.mode === "tool_result" && data && typeof data === "object") {
				// Each handler sees the previous one's output (GJC chains these three fields).
				if (data.content !== undefined) payload.content = data.content;
				if (data.details !== undefined) payload.details = data.details;
				if (data.isError !== undefined) payload.isError = data.isError;
			}
		} catch (err) {
			const ms = Math.round(performance.now() - started);
			results.push({
				status: "error",
				message: err instanceof Error ? err.message : String(err),
				code: typeof err?.code === "string" ? err.code : null,
				ms,
			});
			if (req.mode === "tool_call") break;
		}
	}
	return { results, logs: inv.logs, effects: toData(inv.effects) };
}

async function handle(req) {
	try {
		let result;
		switch (req.op) {
			case "ping":
				result = { pong: true };
				break;
			case "load":
				result = await load(req);
				break;
			case "dispatch":
				result = await dispatch(req);
				break;
			default:
				throw codedError("bad_request", `unknown op ${JSON.stringify(req.op)}`);
		}
		send({ id: req.id, ok: true, result });
	} catch (err) {
		send({
			id: req.id,
			ok: false,
			error: {
				code: typeof err?.code === "string" ? err.code : null,
				message: err instanceof Error ? err.message : String(err),
			},
		});
	}
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", line => {
	if (!line.trim()) return;
	let req;
	try {
		req = JSON.parse(line);
	} catch {
		note(`[host] ignoring a line that is not JSON: ${line.slice(0, 200)}`);
		return;
	}
	void handle(req);
});
// The runner closed our stdin (shutdown or drop): exit even if a handler left timers behind.
lines.on("close", () => process.exit(0));

send({
	hello: {
		protocol: PROTOCOL_VERSION,
		runtime: typeof globalThis.Bun !== "undefined" ? "bun" : "node",
		version: typeof globalThis.Bun !== "undefined" ? globalThis.Bun.version : process.versions.node,
		typescript: typeof globalThis.Bun !== "undefined" || Boolean(process.features?.typescript),
	},
});
