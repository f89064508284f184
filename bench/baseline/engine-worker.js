import {
  interrupts
} from "./chunk-4S67OWJM.js";
import {
  LEVEL10_MOVETIME,
  STANDARD_APN,
  Searcher,
  WEIGHTS,
  WIN,
  WIN_BOUND,
  explainIllegal,
  makeMoveText,
  parseApn,
  parseMoveText,
  playLevel,
  seededRandom,
  threadData
} from "./chunk-TYN2BYO5.js";

// packages/cli/src/engine-worker.ts
import { parentPort } from "node:worker_threads";

// packages/engine/src/aep.ts
var ENGINE_NAME = "Agon 0.1";
var OPTIONS = [
  { name: "Level", min: 1, max: 10, default: 10 },
  { name: "Hash", min: 1, max: 1024, default: 16 },
  { name: "Seed", min: 0, max: 2147483647, default: 0 }
];
function scoreText(score) {
  if (score >= WIN_BOUND) return `win ${WIN - score}`;
  if (score <= -WIN_BOUND) return `loss ${WIN + score}`;
  return `cp ${score}`;
}
var AepSession = class {
  /**
   * A session with the default options, at the standard start; `weights` replace the
   * evaluation's own, to measure other weights.
   */
  constructor(host, weights = WEIGHTS) {
    this.host = host;
    this.searcher = new Searcher(this.options.get("Hash"), weights);
    this.pos = start();
  }
  host;
  searcher;
  options = new Map(OPTIONS.map((o) => [o.name, o.default]));
  pos;
  history = [];
  /** Handles one line from the client. Returns false on `quit`. */
  handle(line) {
    const tokens = line.trim().split(/\s+/);
    const command = tokens[0] ?? "";
    const args = tokens.slice(1);
    switch (command) {
      case "":
        return true;
      case "aep":
        this.host.send(`id name ${ENGINE_NAME}`);
        this.host.send("id author The Agon developers");
        for (const o of OPTIONS) {
          this.host.send(
            `option name ${o.name} type spin default ${o.default} min ${o.min} max ${o.max}`
          );
        }
        this.host.send("aepok");
        return true;
      case "isready":
        this.host.send("readyok");
        return true;
      case "setoption":
        this.setOption(args);
        return true;
      case "newgame":
        this.searcher.clear();
        this.pos = start();
        this.history = [];
        return true;
      case "position":
        this.setPosition(args);
        return true;
      case "go":
        this.go(args);
        return true;
      case "stop":
        return true;
      // A search is stopped through `stopRequested`; between searches it is a no-op.
      case "quit":
        return false;
      default:
        this.host.send("info string unknown command");
        return true;
    }
  }
  setOption(args) {
    const nameAt = args.indexOf("name");
    const valueAt = args.indexOf("value");
    if (nameAt !== 0 || valueAt < 2) {
      this.host.send("info string error setoption needs: setoption name <name> value <value>");
      return;
    }
    const name = args.slice(1, valueAt).join(" ");
    const option = OPTIONS.find((o) => o.name.toLowerCase() === name.toLowerCase());
    if (!option) {
      this.host.send(`info string error no option named ${name}`);
      return;
    }
    const text = args.slice(valueAt + 1).join(" ");
    const value = Number(text);
    if (!/^-?\d+$/.test(text) || value < option.min || value > option.max) {
      this.host.send(
        `info string error ${option.name} takes a whole number from ${option.min} to ${option.max}, not "${text}"`
      );
      return;
    }
    this.options.set(option.name, value);
    if (option.name === "Hash") this.searcher.resize(value);
  }
  setPosition(args) {
    const movesAt = args.indexOf("moves");
    const head = movesAt < 0 ? args : args.slice(0, movesAt);
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    let pos;
    if (head[0] === "startpos" && head.length === 1) pos = start();
    else if (head[0] === "apn") {
      const parsed = parseApn(head.slice(1).join(" "));
      if (!parsed.ok) {
        this.host.send(`info string error bad APN: ${parsed.error.message}`);
        return;
      }
      pos = parsed.value;
    } else {
      this.host.send(
        "info string error position needs startpos or apn <APN>, then optionally moves"
      );
      return;
    }
    const history = [];
    for (const text of moves) {
      const move = parseMoveText(text);
      if (!move.ok) {
        this.host.send(`info string error ${move.error.message}`);
        return;
      }
      const why = explainIllegal(pos, move.value);
      if (why) {
        this.host.send(`info string error illegal move ${text}: ${why.message}`);
        return;
      }
      history.push([pos.hashLo, pos.hashHi]);
      pos.make(move.value);
    }
    this.pos = pos;
    this.history = history;
  }
  go(args) {
    const number = (key) => {
      const at = args.indexOf(key);
      if (at < 0) return void 0;
      const v = Number(args[at + 1]);
      return Number.isFinite(v) && v >= 0 ? v : void 0;
    };
    const [lo, hi] = [this.pos.hashLo, this.pos.hashHi];
    if (this.history.filter(([l, h]) => l === lo && h === hi).length >= 2) {
      this.host.send("info string the game is over in this position: threefold repetition");
      this.host.send("bestmove none");
      return;
    }
    const movetime = number("movetime");
    const depth = number("depth");
    const nodes = number("nodes");
    const infinite = args.includes("infinite");
    const level = this.options.get("Level");
    const start2 = this.host.now();
    const limitless = movetime === void 0 && depth === void 0 && nodes === void 0;
    const time = movetime ?? (limitless && !infinite ? LEVEL10_MOVETIME : void 0);
    const deadline = time === void 0 ? void 0 : start2 + Math.max(1, time - 15);
    const stop = this.host.stopRequested;
    const random = seededRandom(this.options.get("Seed") ^ this.pos.hashLo);
    const report = (info) => {
      const ms = Math.max(1, Math.round(this.host.now() - start2));
      this.host.send(
        `info depth ${info.depth} score ${scoreText(info.score)} nodes ${info.nodes} nps ${Math.round(info.nodes * 1e3 / ms)} time ${ms} pv ${info.pv.map(makeMoveText).join(" ")}`
      );
    };
    const result = playLevel(
      this.searcher,
      this.pos,
      this.history,
      level,
      random,
      { depth, nodes, deadline, now: this.host.now, stop },
      report
    );
    if (!result) {
      this.host.send("info string the game is over in this position");
      this.host.send("bestmove none");
      return;
    }
    this.host.send(`bestmove ${makeMoveText(result.move)}`);
  }
};
function start() {
  const parsed = parseApn(STANDARD_APN);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

// packages/cli/src/engine-worker.ts
var port = parentPort;
var data = threadData();
var counter = new Int32Array(data.interrupts);
var handled = 0;
var session = new AepSession(
  {
    send: (line) => port.postMessage(line),
    now: () => performance.now(),
    stopRequested: () => Atomics.load(counter, 0) > handled
  },
  data.weights
);
port.on("message", (line) => {
  let going = line !== null;
  if (line !== null) {
    try {
      going = session.handle(line);
    } catch (e) {
      port.postMessage(`info string error ${e instanceof Error ? e.message : String(e)}`);
    }
    if (interrupts(line)) handled++;
  }
  if (!going) {
    port.postMessage(null);
    port.close();
  }
});
