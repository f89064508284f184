import {
  engineCommand
} from "./chunk-4S67OWJM.js";
import {
  Game,
  fitWeights,
  randomOpening,
  spsa
} from "./chunk-ZSZLODXN.js";
import {
  Args,
  CELL_COUNT,
  CommandError,
  FEATURES,
  FEATURE_COUNT,
  FILES,
  LEVEL10_MOVETIME,
  MAX_MOVES,
  PASS_MOVE,
  PLACEMENT_APN,
  RING1,
  STANDARD_APN,
  STEP,
  Searcher,
  THRONE,
  WEIGHTS,
  cellFile,
  cellName,
  cellQ,
  cellR,
  cellRank,
  err,
  fileLength,
  makeApn,
  makeMoveText,
  moveFrom,
  moveKind,
  moveTo,
  ok,
  opposite,
  parseApn,
  parseCell,
  parseMoveText,
  playLevel,
  positionFromApn,
  ring,
  seededRandom,
  startThread
} from "./chunk-TYN2BYO5.js";

// packages/engine/src/agn.ts
var RESULTS = ["1-0", "0-1", "1/2-1/2", "*"];
var TAG_ORDER = [
  "Event",
  "Site",
  "Date",
  "White",
  "Black",
  "Variant",
  "Position",
  "TouchMove",
  "Result"
];
function parseAgn(text) {
  const tags = /* @__PURE__ */ new Map();
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    if (!line.startsWith("[")) break;
    const m = /^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]$/.exec(line);
    if (!m)
      return err(
        "agn-tag",
        `line ${i + 1}: "${line}" is not a tag pair like [Event "Casual game"]`
      );
    tags.set(m[1], m[2].replace(/\\(.)/g, "$1"));
  }
  const variant = tags.get("Variant") ?? "Standard";
  if (variant !== "Standard" && variant !== "Placement") {
    return err("agn-variant", `Variant "${variant}" is unknown; it is Standard or Placement`);
  }
  const apn = tags.get("Position") ?? (variant === "Placement" ? PLACEMENT_APN : STANDARD_APN);
  const start = parseApn(apn);
  if (!start.ok)
    return err("agn-position", `the Position tag is not a valid APN: ${start.error.message}`);
  const touch = tags.get("TouchMove");
  const game = new Game(start.value, { touchMove: touch === "On" || touch === "Yes" });
  const body = lines.slice(i).join("\n");
  const withoutComments = body.replace(/\{[^}]*\}/g, " ");
  if (withoutComments.includes("{"))
    return err("agn-comment", "a comment opened with { is never closed with }");
  if (withoutComments.includes("}")) return err("agn-comment", "a } closes no comment");
  const firstTurn = game.position.turn;
  let result;
  for (const raw of withoutComments.split(/\s+/)) {
    if (raw === "") continue;
    if (result !== void 0)
      return err("agn-after-result", `"${raw}" follows the result ${result}`);
    if (RESULTS.includes(raw)) {
      result = raw;
      continue;
    }
    const token = raw.replace(/^\d+\.(\.\.)?/, "");
    if (token === "") continue;
    const number = Math.floor((game.moves.length + firstTurn) / 2) + 1;
    const where = `move ${number}${game.position.turn === 0 ? "" : "..."} ${token}`;
    const move = parseMoveText(token);
    if (!move.ok) return err("agn-move", `${where}: ${move.error.message}`);
    const played = game.play(move.value);
    if (!played.ok) return err("agn-illegal", `${where} is illegal: ${played.error.message}`);
  }
  const tagResult = tags.get("Result");
  if (tagResult !== void 0 && !RESULTS.includes(tagResult)) {
    return err("agn-result", `Result "${tagResult}" is none of 1-0, 0-1, 1/2-1/2, *`);
  }
  if (result !== void 0 && tagResult !== void 0 && result !== tagResult) {
    return err("agn-result", `the Result tag says ${tagResult} but the moves end with ${result}`);
  }
  const claimed = result ?? tagResult;
  if (game.outcome && claimed !== void 0 && claimed !== game.resultText) {
    return err(
      "agn-result",
      `the record says ${claimed}, but the moves end the game ${game.resultText}`
    );
  }
  if (!game.outcome && claimed !== void 0 && claimed !== "*") {
    if (claimed === "1/2-1/2") game.agreeDraw();
    else game.resign(claimed === "1-0" ? "black" : "white");
  }
  return ok({ tags, game });
}
function makeAgn(game, tags = /* @__PURE__ */ new Map()) {
  const all = new Map(tags);
  const start = makeApn(game.initial);
  if (start === PLACEMENT_APN) all.set("Variant", "Placement");
  else {
    all.set("Variant", "Standard");
    if (start !== STANDARD_APN) all.set("Position", start);
  }
  if (game.touchMove) all.set("TouchMove", "On");
  all.set("Result", game.resultText);
  const keys = [
    ...TAG_ORDER.filter((k) => all.has(k)),
    ...[...all.keys()].filter((k) => !TAG_ORDER.includes(k))
  ];
  const header = keys.map((k) => `[${k} "${all.get(k).replace(/[\\"]/g, "\\$&")}"]`).join("\n");
  const tokens = [];
  const blackFirst = game.initial.turn === 1;
  game.moves.forEach((m, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0) tokens.push(`${ply / 2 + 1}.`);
    else if (i === 0) tokens.push("1...");
    tokens.push(makeMoveText(m));
  });
  tokens.push(game.resultText);
  const out = [];
  let line = "";
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > 79) {
      out.push(line);
      line = t;
    } else line = line ? `${line} ${t}` : t;
  }
  out.push(line);
  return `${header}

${out.join("\n")}
`;
}

// packages/engine/src/perft.ts
function perft(pos, depth) {
  const buf = new Int32Array(MAX_MOVES * (depth + 1));
  return walk(pos, depth, buf, 0);
}
function walk(pos, depth, buf, start) {
  if (depth === 0) return 1;
  if (pos.throneRing() >= 0) return 0;
  if (depth === 1 && pos.capturedCount[pos.turn] === 0 && pos.hand[pos.turn] === 0) {
    return pos.countSteps(pos.turn);
  }
  const end = pos.generate(buf, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    pos.make(buf[i]);
    nodes += walk(pos, depth - 1, buf, end);
    pos.unmake();
  }
  return nodes;
}
function perftDivide(pos, depth) {
  if (depth < 1 || pos.throneRing() >= 0) return [];
  const buf = new Int32Array(MAX_MOVES * (depth + 1));
  const end = pos.generate(buf, 0);
  const rows = [];
  for (let i = 0; i < end; i++) {
    pos.make(buf[i]);
    rows.push([makeMoveText(buf[i]), walk(pos, depth - 1, buf, end)]);
    pos.unmake();
  }
  return rows;
}

// packages/cli/src/bench.ts
var AFTER_PLACEMENT = "4Gg/6g/8/9/7q2/Qg5G3/1G*8/1g1G1gG2/3G4/2g4/6 w";
var LONG_GAME = "6/G4g1/6G1/3g2q2/5g4/Q3G3G2/2g4G2/2g2G3/8/7/4g1 w";
var RUNS = [
  { name: "standard start", apn: STANDARD_APN, depth: 5 },
  { name: "placement start", apn: PLACEMENT_APN, depth: 3 },
  {
    name: "captured queen to relocate",
    apn: "g3g1/1G5/5G2/9/10/1gQ*g7/6G1Gq/6g2/4g3/1G3G1/6 w",
    depth: 5
  },
  { name: "after placement, guard captured", apn: AFTER_PLACEMENT, depth: 6 },
  { name: "standard game, 62 turns in", apn: LONG_GAME, depth: 6 }
];
var SEARCHES = [
  { name: "standard start", apn: STANDARD_APN, depth: 8 },
  { name: "placement start", apn: PLACEMENT_APN, depth: 5 },
  { name: "after placement, guard captured", apn: AFTER_PLACEMENT, depth: 8 },
  { name: "standard game, 62 turns in", apn: LONG_GAME, depth: 9 }
];
var benchCommand = {
  name: "bench",
  summary: "time a fixed set of perft runs and searches",
  usage: `usage: agon bench

Runs perft on a fixed set of positions and depths (standard start, placement start and
three middle-game positions, two of them with captured pieces) and prints, for each, its nodes and
time, then "total nodes N" and "nodes/s N".

Then searches four positions (the two starts and two of the middle games), each with a
new searcher to a fixed depth, and prints for each a line "search <name>" with the
depth, nodes, time and best move, then "search nodes N", "search nodes/s N" and
"fingerprint N", N the search nodes again: a change to the search or the evaluation
that alters play almost always alters it.

The node counts never change from run to run; only the times do.`,
  async run(argv) {
    new Args("bench", argv, {}).expectPositionals(0);
    let nodes = 0;
    let seconds = 0;
    for (const run of RUNS) {
      const started = performance.now();
      const count = perft(positionOf(run), run.depth);
      const took = (performance.now() - started) / 1e3;
      nodes += count;
      seconds += took;
      process.stdout.write(
        `${run.name.padEnd(32)} depth ${run.depth}  ${String(count).padStart(10)} nodes  ${took.toFixed(3)} s
`
      );
    }
    process.stdout.write(`total nodes ${nodes}
nodes/s ${Math.round(nodes / seconds)}
`);
    nodes = 0;
    seconds = 0;
    for (const run of SEARCHES) {
      const started = performance.now();
      const info = new Searcher(16).search(positionOf(run), [], { depth: run.depth });
      const took = (performance.now() - started) / 1e3;
      const count = info?.nodes ?? 0;
      nodes += count;
      seconds += took;
      const best = info ? makeMoveText(info.pv[0]) : "none";
      process.stdout.write(
        `search ${run.name.padEnd(32)} depth ${run.depth}  ${String(count).padStart(10)} nodes  ${took.toFixed(3)} s  best ${best}
`
      );
    }
    process.stdout.write(
      `search nodes ${nodes}
search nodes/s ${Math.round(nodes / seconds)}
fingerprint ${nodes}
`
    );
  }
};
function positionOf(run) {
  const pos = parseApn(run.apn);
  if (!pos.ok) throw new Error(`bench position "${run.name}": ${pos.error.message}`);
  return pos.value;
}

// packages/cli/src/match.ts
import { writeFileSync } from "node:fs";

// packages/cli/src/aep-client.ts
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

// packages/cli/src/contender.ts
var ContenderFailure = class extends Error {
};

// packages/cli/src/aep-client.ts
var STARTUP_MS = 3e4;
var READY_MS = 1e4;
var GRACE_MS = 1e3;
var QUIT_MS = 2e3;
var AepClient = class _AepClient {
  /** The engine's own name (`id name`) or, until it says, the command. */
  name;
  child;
  lines = [];
  wake;
  ended;
  stderrTail = "";
  closed;
  constructor(command) {
    this.name = command;
    this.child = spawn(command, { shell: true, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    const { stdin, stdout, stderr } = this.child;
    createInterface({ input: stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (l) => {
      this.lines.push(l);
      this.wake?.();
    });
    stderr.on("data", (d) => {
      this.stderrTail = (this.stderrTail + d.toString()).slice(-400);
    });
    stdin.on("error", () => {
    });
    this.closed = new Promise((resolve) => {
      this.child.on("error", (e) => {
        this.ended ??= `cannot start: ${e.message}`;
        this.wake?.();
        resolve();
      });
      this.child.on("close", (code, signal) => {
        const last = this.stderrTail.trim().split("\n").at(-1);
        this.ended ??= (signal ? `killed by ${signal}` : `exited with status ${code}`) + (last ? ` (${last})` : "");
        this.wake?.();
        resolve();
      });
    });
  }
  /** Starts `command`, completes the aep/aepok handshake, sets `level` if given and waits for readyok. */
  static async start(command, level) {
    const client = new _AepClient(command);
    try {
      client.send("aep");
      await client.waitFor(
        (line) => {
          if (line.startsWith("id name ")) client.name = line.slice("id name ".length).trim();
          return line === "aepok";
        },
        STARTUP_MS,
        "aepok"
      );
      if (level !== void 0) client.send(`setoption name Level value ${level}`);
      client.send("isready");
      let refused;
      await client.waitFor(
        (line) => {
          if (line.startsWith("info string error")) refused ??= line;
          return line === "readyok";
        },
        READY_MS,
        "readyok"
      );
      if (refused) throw new ContenderFailure(`it refused the options: ${refused}`);
      if (level !== void 0) client.name += ` (level ${level})`;
      return client;
    } catch (e) {
      await client.close();
      throw new CommandError(`match: engine "${command}" did not start: ${e.message}`);
    }
  }
  /** Whether the process is still running and answering. */
  get alive() {
    return this.ended === void 0;
  }
  /** `newgame` and the game's Seed, then waits for readyok. */
  async newGame(seed) {
    this.send("newgame");
    this.send(`setoption name Seed value ${seed}`);
    this.send("isready");
    await this.waitFor((line) => line === "readyok", READY_MS, "readyok");
  }
  /** Sends the game so far and `go movetime`, and returns the text after `bestmove`. */
  async move(game, movetime) {
    const start = makeApn(game.initial);
    const moves = game.moves.map(makeMoveText).join(" ");
    this.send(
      `position ${start === STANDARD_APN ? "startpos" : `apn ${start}`}${moves ? ` moves ${moves}` : ""}`
    );
    this.send(`go movetime ${movetime}`);
    const limit = movetime + GRACE_MS;
    const line = await this.waitFor((l) => /^bestmove(\s|$)/.test(l), limit, "bestmove");
    return line.split(/\s+/)[1] ?? "";
  }
  /** Sends quit and closes its input; kills it if it has not exited soon after. */
  async close() {
    if (this.ended === void 0) {
      this.send("quit");
      this.child.stdin.end();
      const timer = setTimeout(() => this.kill(), QUIT_MS);
      await this.closed;
      clearTimeout(timer);
    }
    this.kill();
    await this.closed;
  }
  send(line) {
    if (this.ended === void 0) this.child.stdin.write(`${line}
`);
  }
  kill() {
    try {
      process.kill(-this.child.pid, "SIGKILL");
    } catch {
    }
  }
  // The first line passing `test`, skipping others. An engine that ends or stays silent
  // past `ms` is killed and fails the request.
  async waitFor(test, ms, what) {
    const deadline = performance.now() + ms;
    for (; ; ) {
      for (let line = this.lines.shift(); line !== void 0; line = this.lines.shift()) {
        if (test(line)) return line;
      }
      if (this.ended !== void 0)
        throw new ContenderFailure(`${this.ended}, waiting for ${what}`);
      const left = deadline - performance.now();
      if (left <= 0) {
        this.ended = `no ${what} within ${ms} ms`;
        this.kill();
        throw new ContenderFailure(this.ended);
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = void 0;
    }
  }
};

// packages/cli/src/builtin-mover.ts
var BUILT_IN = ["random", "novice"];
function isBuiltIn(command) {
  return BUILT_IN.includes(command);
}
var BuiltInMover = class {
  /** A player whose choices in a game follow that game's seed mixed with `salt`. */
  constructor(name2, salt) {
    this.name = name2;
    this.salt = salt;
  }
  name;
  salt;
  /** It cannot crash. */
  alive = true;
  random = seededRandom(0);
  /** Restarts its generator from `seed`. */
  async newGame(seed) {
    this.random = seededRandom(seed ^ this.salt);
  }
  /** Its turn, or `none` when there is none. */
  async move(game) {
    const moves = game.legalMoves();
    if (moves.length === 0) return "none";
    const pool = this.name === "novice" ? noviceChoices(game.position, moves) : moves;
    return makeMoveText(pool[Math.floor(this.random() * pool.length)]);
  }
  /** Nothing to let go. */
  async close() {
  }
};
function noviceChoices(pos, moves) {
  const us = pos.turn;
  let best = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const move of moves) {
    pos.make(move);
    const wins = pos.throneRing() === us;
    pos.unmake();
    let score = 0;
    if (wins) score = 1e6;
    else if (moveKind(move) === STEP) {
      const from = moveFrom(move);
      const inward = ring[from] - ring[moveTo(move)];
      const queen = pos.pieceAt(from)?.role === "queen";
      score = pos.stepCaptures(move) * 1e3 + inward * (queen ? 20 : 10);
    }
    if (score > bestScore) {
      bestScore = score;
      best = [move];
    } else if (score === bestScore) best.push(move);
  }
  return best;
}

// packages/cli/src/elo.ts
var Z95 = 1.96;
function eloOf(s) {
  if (s <= 0) return Number.NEGATIVE_INFINITY;
  if (s >= 1) return Number.POSITIVE_INFINITY;
  return -400 * Math.log10(1 / s - 1);
}
function scoreOf(t) {
  const games = t.wins + t.draws + t.losses;
  return games === 0 ? 0.5 : (t.wins + t.draws / 2) / games;
}
function eloText(elo) {
  if (elo === Number.POSITIVE_INFINITY) return "+inf";
  if (elo === Number.NEGATIVE_INFINITY) return "-inf";
  const r = Math.round(elo);
  return r > 0 ? `+${r}` : String(r);
}
function eloSummary(t) {
  const n = t.wins + t.draws + t.losses;
  if (n === 0) return "Elo unknown: no games";
  const s = scoreOf(t);
  if (t.wins === n || t.losses === n) {
    const bound = eloOf(0.05 ** (1 / n));
    return t.wins === n ? `Elo +inf (95%: > ${eloText(bound)})` : `Elo -inf (95%: < ${eloText(-bound)})`;
  }
  if (t.draws === n) return "Elo 0 (no interval: every game was drawn)";
  const variance = (t.wins * (1 - s) ** 2 + t.draws * (0.5 - s) ** 2 + t.losses * s ** 2) / n;
  const se = Math.sqrt(variance / n);
  const low = eloOf(s - Z95 * se);
  const high = eloOf(s + Z95 * se);
  return `Elo ${eloText(eloOf(s))} (95%: ${eloText(low)} to ${eloText(high)})`;
}

// packages/cli/src/match.ts
var matchCommand = {
  name: "match",
  summary: "play two engines against each other and estimate the Elo difference",
  usage: `usage: agon match --a "<command>" --b "<command>" --games <N> --movetime <ms>
                  [--level-a <L>] [--level-b <L>] [--seed <S>] [--max-plies <P>]
                  [--variant standard|placement] [--concurrency <C>] [--pgn <file>]

Plays N games between engines A and B and prints a line per game, then A's wins, draws
and losses, the score and the Elo difference with its 95% interval. Each engine is a
command run through the shell that speaks AEP (PROTOCOL.md), such as "npx agon engine",
or a built-in player: random (uniformly random legal moves) or novice (a model of a
person who has just learned the rules: completes the throne ring when it can, else
captures most, else steps nearest the throne, queen first; never looks ahead). Each
opening (2 to 6 random turns from the seed) is played twice, A taking White in one game
and Black in the other. Every move is checked: an illegal move, bestmove none while the game goes
on, a crash or no bestmove within movetime + 1000 ms loses that game.

  --a, --b "<command>"  the two engines (quote a command with spaces)
  --games <N>           number of games
  --movetime <ms>       time for each move (go movetime)
  --level-a, --level-b  set the engine's Level option (1 to 10)
  --seed <S>            seeds the openings and each game's Seed option (default 1)
  --max-plies <P>       a game still going after P turns is a draw (default 400)
  --variant <name>      standard (R4, default) or placement (R14)
  --concurrency <C>     games played at once, each with its own engine processes
                        (default 1)
  --pgn <file>          write every game to the file as AGN`,
  async run(argv) {
    const args = new Args("match", argv, {
      a: "value",
      b: "value",
      games: "value",
      movetime: "value",
      "level-a": "value",
      "level-b": "value",
      seed: "value",
      "max-plies": "value",
      variant: "value",
      concurrency: "value",
      pgn: "value"
    });
    args.expectPositionals(0);
    const plan = planOf(args);
    await new Match(plan).run();
  }
};
function planOf(args) {
  const required = (name2) => {
    const value = args.value(name2);
    if (value === void 0) throw new CommandError(`match: give --${name2} (see agon help match)`);
    return value;
  };
  const a = required("a");
  const b = required("b");
  required("games");
  required("movetime");
  const variant = args.value("variant") ?? "standard";
  if (variant !== "standard" && variant !== "placement") {
    throw new CommandError(`match: unknown variant "${variant}": it is standard or placement`);
  }
  return {
    a: { command: a, level: args.integer("level-a", 1, 10), salt: 0 },
    b: { command: b, level: args.integer("level-b", 1, 10), salt: 1540483477 },
    games: args.integer("games", 1, 1e6),
    movetime: args.integer("movetime", 1, 36e5),
    seed: args.integer("seed", 0, 2147483647) ?? 1,
    maxPlies: args.integer("max-plies", 1, 1e5) ?? 400,
    start: positionFromApn("match", variant === "placement" ? PLACEMENT_APN : STANDARD_APN),
    variant,
    concurrency: args.integer("concurrency", 1, 256) ?? 1,
    pgn: args.value("pgn")
  };
}
var Match = class {
  constructor(plan) {
    this.plan = plan;
    const random = seededRandom(plan.seed);
    for (let pair = 0; pair < Math.ceil(plan.games / 2); pair++) {
      this.openings.push(randomOpening(plan.start, 2 + Math.floor(random() * 5), random));
    }
  }
  plan;
  openings = [];
  played = [];
  tally = { wins: 0, draws: 0, losses: 0 };
  forfeits = { A: 0, B: 0 };
  names = { A: "A", B: "B" };
  slots = [];
  next = 0;
  async run() {
    const { plan } = this;
    const say2 = (text) => {
      process.stdout.write(`${text}
`);
    };
    if (plan.pgn !== void 0) this.writeRecords(plan.pgn);
    const count = Math.min(plan.concurrency, plan.games);
    const started = await startAll(Array.from({ length: count }, () => [plan.a, plan.b]).flat());
    for (let i = 0; i < count; i++) this.slots.push({ a: started[2 * i], b: started[2 * i + 1] });
    try {
      const { a, b } = this.slots[0];
      this.names.A = a.name === b.name ? `${a.name} A` : a.name;
      this.names.B = a.name === b.name ? `${b.name} B` : b.name;
      say2(`A: ${this.names.A}`);
      say2(`B: ${this.names.B}`);
      say2(
        `${plan.games} games, ${plan.variant}, movetime ${plan.movetime} ms, seed ${plan.seed}, max ${plan.maxPlies} turns`
      );
      await Promise.all(this.slots.map((slot) => this.work(slot, say2)));
    } finally {
      await Promise.all(this.slots.flatMap((slot) => [slot.a.close(), slot.b.close()]));
    }
    const t = this.tally;
    say2(`A wins ${t.wins}, draws ${t.draws}, losses ${t.losses}`);
    say2(`score ${(scoreOf(t) * 100).toFixed(1)}%`);
    say2(eloSummary(t));
    say2(`forfeits: A ${this.forfeits.A}, B ${this.forfeits.B}`);
    if (plan.pgn !== void 0) this.writeRecords(plan.pgn);
  }
  // Plays games on one slot until none are left.
  async work(slot, say2) {
    while (this.next < this.plan.games) {
      const index = this.next++;
      if (!slot.a.alive) slot.a = await restart(slot.a, this.plan.a);
      if (!slot.b.alive) slot.b = await restart(slot.b, this.plan.b);
      const played = await this.playGame(index, slot);
      this.played[index] = played;
      this.count(played);
      say2(this.progress(index, played));
    }
  }
  async playGame(index, slot) {
    const { plan } = this;
    const aColour = index % 2 === 0 ? "white" : "black";
    const [white, black] = aColour === "white" ? [slot.a, slot.b] : [slot.b, slot.a];
    const seed = (plan.seed + index) % 2147483648;
    const game = new Game(plan.start);
    for (const move of this.openings[index >> 1]) game.play(move);
    const side = (colour) => colour === aColour ? "A" : "B";
    let forfeit;
    try {
      await Promise.all([white.newGame(seed), black.newGame(seed)]);
    } catch (e) {
      if (!(e instanceof ContenderFailure)) throw e;
      forfeit = { colour: white.alive ? "black" : "white", why: e.message };
    }
    while (!forfeit && !game.outcome && game.moves.length < plan.maxPlies) {
      const colour = game.position.turnColour;
      const why = await answer(colour === "white" ? white : black, game, plan.movetime);
      if (why !== void 0) forfeit = { colour, why };
    }
    let ending;
    if (forfeit) {
      game.resign(forfeit.colour);
      ending = `${side(forfeit.colour)} forfeits: ${forfeit.why}`;
    } else if (game.outcome) {
      ending = describe(game);
    } else {
      game.agreeDraw();
      ending = "adjudicated a draw at the turn limit";
    }
    return {
      game,
      aColour,
      ending,
      forfeit: forfeit && side(forfeit.colour),
      white: this.names[side("white")],
      black: this.names[side("black")]
    };
  }
  count(played) {
    const winner = played.game.outcome?.winner;
    if (winner === void 0) this.tally.draws++;
    else if (winner === played.aColour) this.tally.wins++;
    else this.tally.losses++;
    if (played.forfeit) this.forfeits[played.forfeit]++;
  }
  progress(index, played) {
    const t = this.tally;
    const [white, black] = played.aColour === "white" ? ["A", "B"] : ["B", "A"];
    return `game ${index + 1}/${this.plan.games}  ${white}-${black}  ${played.game.resultText}  [A +${t.wins} =${t.draws} -${t.losses}]  ${played.game.moves.length} turns, ${played.ending}`;
  }
  writeRecords(file) {
    const records = this.played.map((p, i) => {
      const tags = /* @__PURE__ */ new Map([
        ["Event", "agon match"],
        ["Round", String(i + 1)],
        ["White", p.white],
        ["Black", p.black],
        ["Termination", p.ending]
      ]);
      return makeAgn(p.game, tags);
    });
    try {
      writeFileSync(file, records.join("\n"));
    } catch (e) {
      throw new CommandError(`match: cannot write ${file}: ${e.message}`);
    }
  }
};
async function answer(mover, game, movetime) {
  let text;
  try {
    text = await mover.move(game, movetime);
  } catch (e) {
    if (e instanceof ContenderFailure) return e.message;
    throw e;
  }
  if (text === "none") return "bestmove none while the game goes on";
  const move = parseMoveText(text);
  if (!move.ok) return `bad bestmove "${text}": ${move.error.message}`;
  const played = game.play(move.value);
  return played.ok ? void 0 : `illegal move ${makeMoveText(move.value)}: ${played.error.message}`;
}
async function startContender(spec) {
  const command = spec.command;
  if (!isBuiltIn(command)) return AepClient.start(command, spec.level);
  if (spec.level !== void 0) {
    throw new CommandError(`match: the ${command} player has no level; drop its --level flag`);
  }
  return new BuiltInMover(command, spec.salt);
}
async function startAll(specs) {
  const settled = await Promise.allSettled(specs.map(startContender));
  const failed = settled.find((s) => s.status === "rejected");
  if (!failed) return settled.map((s) => s.value);
  await Promise.all(settled.map((s) => s.status === "fulfilled" ? s.value.close() : void 0));
  throw failed.reason;
}
async function restart(dead, spec) {
  await dead.close();
  return startContender(spec);
}
var REASONS = {
  "throne-ring": "throne ring (R11)",
  "no-moves": "no legal move (R12)",
  repetition: "threefold repetition (R13)",
  resignation: "resignation",
  agreement: "agreed draw"
};
function describe(game) {
  return REASONS[game.outcome.reason];
}

// packages/cli/src/io.ts
import { once } from "node:events";
import { createInterface as createInterface2 } from "node:readline";
var CHUNK = 1 << 16;
var Output = class {
  /** Writes to `stream`, standard output by default. */
  constructor(stream = process.stdout) {
    this.stream = stream;
  }
  stream;
  buffer = "";
  /** Queues one line; waits only when a full chunk had to wait for the stream to drain. */
  async line(text) {
    this.buffer += `${text}
`;
    if (this.buffer.length >= CHUNK) await this.flush();
  }
  /** Writes whatever is queued. */
  async flush() {
    if (this.buffer === "") return;
    const drained = this.stream.write(this.buffer);
    this.buffer = "";
    if (!drained) await once(this.stream, "drain");
  }
};
function inputLines() {
  return createInterface2({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
}

// packages/cli/src/moves.ts
var movesCommand = {
  name: "moves",
  summary: "list the legal turns of a position, or of many read from stdin",
  usage: `usage: agon moves [--apn "<APN>"]
       agon moves --batch < positions.txt

Prints every legal turn in canonical move text (NOTATION.md), one per line, sorted by
character code (so e10-e9 comes before e2-e1), for the standard start or the position
--apn gives. Prints nothing when the game is over in that position (R11 throne ring or
R12 no legal move).

  --apn "<APN>"  the position, quoted as one argument
  --batch        read one APN per line from standard input; for each input line print
                 one output line: the legal turns separated by single spaces (same
                 order), an empty line when the game is over, or "error: <message>"
                 when the line is not a valid APN. A blank input line is not an APN and
                 gets an error line too, so output line N always answers input line N.
                 Exit status is 0 even when some lines are errors.`,
  async run(argv) {
    const args = new Args("moves", argv, { apn: "value", batch: "switch" });
    args.expectPositionals(0);
    if (args.has("batch")) {
      if (args.has("apn")) {
        throw new CommandError("moves: --batch reads positions from stdin; drop --apn");
      }
      await batch();
      return;
    }
    const pos = positionFromApn("moves", args.value("apn") ?? STANDARD_APN);
    process.stdout.write(
      turnTexts(pos).map((t) => `${t}
`).join("")
    );
  }
};
function turnTexts(pos) {
  return pos.outcome() ? [] : pos.legalMoves().map(makeMoveText).sort();
}
async function batch() {
  const out = new Output();
  for await (const line of inputLines()) {
    const pos = parseApn(line);
    await out.line(pos.ok ? turnTexts(pos.value).join(" ") : `error: ${pos.error.message}`);
  }
  await out.flush();
}

// packages/cli/src/perft.ts
var perftCommand = {
  name: "perft",
  summary: "count the move paths to a depth (tests move generation)",
  usage: `usage: agon perft <depth> [--apn "<APN>"] [--divide]

Counts the positions reached by every sequence of <depth> turns (perft, RULES.md notes)
from the standard start or from the position --apn gives. The count is the last line
of output. A position ended by R11 or R12 has no children; R13 is ignored.

  --apn "<APN>"  start from this position (NOTATION.md), quoted as one argument
  --divide       first print "<move>: <count>" for each legal turn, sorted by move text

Timing goes to standard error.`,
  async run(argv) {
    const args = new Args("perft", argv, { apn: "value", divide: "switch" });
    args.expectPositionals(1);
    const depth = parseDepth(args.positionals[0]);
    const pos = positionFromApn("perft", args.value("apn") ?? STANDARD_APN);
    const started = performance.now();
    let total;
    if (args.has("divide")) {
      const rows = perftDivide(pos, depth).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
      process.stdout.write(rows.map(([move, nodes]) => `${move}: ${nodes}
`).join(""));
      total = depth === 0 ? 1 : rows.reduce((sum, [, nodes]) => sum + nodes, 0);
    } else {
      total = perft(pos, depth);
    }
    const seconds = (performance.now() - started) / 1e3;
    process.stdout.write(`${total}
`);
    process.stderr.write(
      `perft ${depth}: ${total} nodes in ${seconds.toFixed(3)} s (${Math.round(total / Math.max(seconds, 1e-6))} nodes/s)
`
    );
  }
};
var MAX_DEPTH = 64;
function parseDepth(text) {
  if (text === void 0) throw new CommandError("perft: give a depth, like agon perft 4");
  const depth = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(depth <= MAX_DEPTH)) {
    throw new CommandError(
      `perft: bad depth "${text}": give a whole number from 0 to ${MAX_DEPTH}`
    );
  }
  return depth;
}

// packages/cli/src/play.ts
import { createInterface as createInterface3 } from "node:readline";

// packages/cli/src/computer.ts
var HINT_MS = 1e3;
var Computer = class {
  /** Plays at `level`; `movetime` (ms) adds a time limit to the level's own depth and nodes. */
  constructor(level, movetime, seed) {
    this.level = level;
    this.movetime = movetime;
    this.random = seededRandom(seed);
  }
  level;
  movetime;
  // One searcher for the whole game: its hash table carries over from move to move.
  searcher = new Searcher(16);
  random;
  /** Its turn in `game`, or undefined when the game is over. */
  move(game) {
    const time = this.movetime ?? (this.level === 10 ? LEVEL10_MOVETIME : void 0);
    const now = () => performance.now();
    const deadline = time === void 0 ? void 0 : now() + time;
    return playLevel(
      this.searcher,
      game.position.clone(),
      game.history(),
      this.level,
      this.random,
      {
        deadline,
        now
      }
    )?.move;
  }
  /** The best turn it finds for the player to move, at full strength, in a second or --movetime. */
  hint(game) {
    const now = () => performance.now();
    const deadline = now() + (this.movetime ?? HINT_MS);
    return this.searcher.search(game.position.clone(), game.history(), { deadline, now })?.pv[0];
  }
};

// packages/cli/src/record.ts
import { readFileSync } from "node:fs";
function readRecord(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    return err("agn-read", `cannot read ${file}: ${e.message}`);
  }
  const record = parseAgn(text);
  return record.ok ? record : err(record.error.code, `cannot load ${file}: ${record.error.message}`);
}

// packages/cli/src/session.ts
import { writeFileSync as writeFileSync2 } from "node:fs";

// packages/cli/src/diagram.ts
var SPACING = 4;
var LEFT = 3;
var ROWS = 21;
var WIDTH = LEFT + SPACING * (FILES.length - 1) + 5;
function lineOf(cell) {
  return 2 * cellR[cell] + cellQ[cell] + 10;
}
function columnOf(cell) {
  return LEFT + SPACING * (cellQ[cell] + 5);
}
function drawBoard(pos) {
  const grid = Array.from({ length: ROWS + 1 }, () => Array(WIDTH).fill(" "));
  const put = (line, column, text) => {
    for (let i = 0; i < text.length; i++) grid[line][column + i] = text[i];
  };
  for (let cell = 0; cell < CELL_COUNT; cell++) {
    const line = lineOf(cell);
    const column = columnOf(cell);
    const piece = pos.pieceAt(cell);
    let text = cell === THRONE ? "+" : ".";
    if (piece) {
      const letter = piece.role === "queen" ? "Q" : "G";
      text = (piece.colour === "white" ? letter : letter.toLowerCase()) + (piece.captured ? "*" : "");
    }
    put(line, column, text);
    const file = cellFile[cell];
    const rank = String(cellRank[cell]);
    const top = cellRank[cell] === fileLength[file];
    if (file === 0 || top && file <= 5) put(line, column - 1 - rank.length, rank);
    else if (file === FILES.length - 1 || top) put(line, column + 3, rank);
    if (rank === "1") put(ROWS, column, FILES[file]);
  }
  return grid.map((row) => row.join("").trimEnd()).join("\n");
}

// packages/cli/src/session.ts
var HELP = `Type a move, or a command:
  f1-f2          step the piece on f1 to f2 (R7)
  e5@a3          relocate your captured piece on e5 to a3 (R10)
  @c4            place a guard from hand on c4 (placement variant, R14)
  pass           forfeit the turn when the touched piece cannot move (touch-move, R15)
  moves          list the legal turns
  hint           ask the engine for a move
  board          draw the board again
  touch <cell>   select the piece you must then move (touch-move games only)
  undo           take back the last turn, or a resignation or draw; against the
                 computer, your last turn and its reply
  save <file>    write the game to a file as AGN
  load <file>    replay a game from an AGN file; a bad file leaves this game as it is
  resign         the player to move resigns
  draw           end the game as a draw, agreed by both players (not the computer)
  help           this list
  quit           leave (save first: nothing is kept)
Board: Q G White queen and guards, q g Black's, * after a captured piece, + the vacant
throne (f6), . a vacant cell.`;
var name = (colour) => colour === "white" ? "White" : "Black";
function describeOutcome(outcome, pos) {
  const winner = outcome.winner;
  const loser = winner && opposite(winner);
  switch (outcome.reason) {
    case "throne-ring": {
      const owner = pos.pieceAt(RING1[0]).colour;
      return owner === winner ? `${name(owner)} wins: ${name(owner)}'s guards complete the throne ring with their queen on the throne (R11)` : `${name(winner)} wins: ${name(owner)}'s guards complete the throne ring with their queen off the throne (R11)`;
    }
    case "no-moves":
      return `${name(winner)} wins: ${name(loser)} has no legal move (R12)`;
    case "repetition":
      return "Draw: the same position has occurred for the third time (R13)";
    case "resignation":
      return `${name(winner)} wins: ${name(loser)} resigns`;
    case "agreement":
      return "Draw by agreement";
  }
}
var Session = class {
  /** Plays `game`, saving it with `tags`; every answer goes to `say`, a line or more a call. */
  constructor(game, tags, say2, opponents) {
    this.game = game;
    this.tags = tags;
    this.say = say2;
    this.opponents = opponents;
  }
  game;
  tags;
  say;
  opponents;
  /** The prompt for the next line: whose turn it is, or that the game is over. */
  get prompt() {
    return this.game.outcome ? "game over> " : `${name(this.game.position.turnColour)} to move> `;
  }
  /** Greets the players with the board; the computer moves first if it has White. */
  start() {
    this.say("Agon. Type a move like f1-f2, or help for the commands.");
    const { computer, engine } = this.opponents;
    if (computer) this.say(`The computer (level ${engine.level}) plays ${name(computer)}.`);
    this.reply();
    this.show();
  }
  /** Acts on one line of input; false when the players quit. */
  handle(line) {
    const text = line.trim();
    const word = text.split(/\s/, 1)[0].toLowerCase();
    const rest = text.slice(word.length).trim();
    switch (word) {
      case "":
        break;
      case "quit":
      case "exit":
        return false;
      case "help":
        this.say(HELP);
        break;
      case "board":
        this.show();
        break;
      case "moves":
        this.listMoves();
        break;
      case "hint":
        this.hint();
        break;
      case "touch":
        this.touch(rest);
        break;
      case "undo":
        this.undo();
        break;
      case "save":
        this.save(rest);
        break;
      case "load":
        this.load(rest);
        break;
      case "resign":
        this.end(() => this.game.resign(this.game.position.turnColour));
        break;
      case "draw":
        if (this.opponents.computer) this.say("The computer plays on: it does not agree draws.");
        else this.end(() => this.game.agreeDraw());
        break;
      default:
        this.play(text);
    }
    return true;
  }
  show() {
    const pos = this.game.position;
    this.say(drawBoard(pos));
    if (pos.hand[0] || pos.hand[1]) {
      this.say(`Guards in hand: White ${pos.hand[0]}, Black ${pos.hand[1]}.`);
    }
    if (this.game.outcome) this.announce();
    else if (pos.capturedCount[pos.turn]) {
      this.say(
        `${name(pos.turnColour)} must relocate a captured piece (R10): type <from>@<to>, or moves.`
      );
    }
  }
  end(act) {
    if (this.game.outcome) {
      this.say("The game is already over.");
      return;
    }
    act();
    this.announce();
  }
  announce() {
    const outcome = this.game.outcome;
    this.say(
      `Game over, ${this.game.resultText}. ${describeOutcome(outcome, this.game.position)}. You can undo, save or quit.`
    );
  }
  play(text) {
    if (this.game.outcome) {
      this.say("The game is over. You can undo, save or quit.");
      return;
    }
    const move = parseMoveText(text);
    if (!move.ok) {
      this.say(`${move.error.message}. Type help for the commands.`);
      return;
    }
    const played = this.playTurn(move.value);
    if (!played.ok) {
      this.say(`Illegal: ${played.error.message}.`);
      return;
    }
    this.reply();
    this.show();
  }
  // Plays a turn and says who played it and what it captured.
  playTurn(move) {
    const pos = this.game.position;
    const mover = pos.turnColour;
    const before = capturedCells(pos);
    const played = this.game.play(move);
    if (!played.ok) return played;
    const taken = capturedCells(pos).filter((cell) => !before.includes(cell));
    const captures = taken.map((cell) => {
      const piece = pos.pieceAt(cell);
      return `${name(piece.colour)}'s ${piece.role} on ${cellName(cell)}`;
    });
    const who = mover === this.opponents.computer ? `${name(mover)} (computer)` : name(mover);
    this.say(
      `${who} plays ${makeMoveText(move)}${captures.length ? `, capturing ${captures.join(" and ")}` : ""}.`
    );
    return played;
  }
  // The computer's turn, when it is the computer's turn.
  reply() {
    const { computer, engine } = this.opponents;
    if (this.game.outcome || this.game.position.turnColour !== computer) return;
    const move = engine.move(this.game);
    if (move === void 0 || !this.playTurn(move).ok) this.game.resign(computer);
  }
  hint() {
    if (this.game.outcome) {
      this.say("The game is over. You can undo, save or quit.");
      return;
    }
    const move = this.opponents.engine.hint(this.game);
    if (move === void 0) this.say("The engine has no suggestion.");
    else if (!this.game.legalMoves().includes(move)) {
      this.say(
        `The engine would play ${makeMoveText(move)}, but touch-move binds you to ${cellName(this.game.touched)}.`
      );
    } else this.say(`Hint: ${makeMoveText(move)}.`);
  }
  listMoves() {
    const moves = this.game.legalMoves().map(makeMoveText).sort();
    this.say(
      moves.length ? `${moves.length} legal: ${moves.join(" ")}` : "No legal turns: the game is over."
    );
  }
  touch(cellText) {
    const cell = parseCell(cellText);
    if (cell < 0) {
      this.say(`"${cellText}" is not a cell; write touch f1.`);
      return;
    }
    const touched = this.game.touch(cell);
    if (!touched.ok) {
      this.say(`Cannot touch: ${touched.error.message}.`);
      return;
    }
    const moves = this.game.legalMoves();
    this.say(
      moves[0] === PASS_MOVE ? `${cellName(cell)} is touched and has no legal step: type pass to forfeit the turn (R15).` : `${cellName(cell)} is touched and must move (R15): ${moves.map(makeMoveText).sort().join(" ")}`
    );
  }
  undo() {
    const reason = this.game.outcome?.reason;
    if (reason === "resignation" || reason === "agreement") {
      this.game.undo();
      this.say(reason === "resignation" ? "Resignation taken back." : "Draw taken back.");
      this.show();
      return;
    }
    const { computer } = this.opponents;
    const moves = this.game.moves.length;
    const steps = computer === void 0 || this.lastMover() !== computer ? 1 : 2;
    if (moves < steps) {
      this.say("Nothing to undo.");
      return;
    }
    for (let i = 0; i < steps; i++) this.game.undo();
    this.say(
      steps === 2 ? "Took back your last turn and the computer's reply." : "Took back the last turn."
    );
    this.show();
  }
  lastMover() {
    return opposite(this.game.position.turnColour);
  }
  save(file) {
    if (!file) {
      this.say("Save where? Write save game.agn.");
      return;
    }
    try {
      writeFileSync2(file, makeAgn(this.game, this.tags));
      this.say(`Saved to ${file}.`);
    } catch (e) {
      this.say(`Cannot save to ${file}: ${e.message}.`);
    }
  }
  load(file) {
    if (!file) {
      this.say("Load what? Write load game.agn.");
      return;
    }
    const record = readRecord(file);
    if (!record.ok) {
      this.say(`The current game goes on: ${record.error.message}.`);
      return;
    }
    this.game = record.value.game;
    this.tags = record.value.tags;
    this.say(`Loaded ${file}: ${this.game.moves.length} turns.`);
    this.reply();
    this.show();
  }
};
function capturedCells(pos) {
  const cells = [];
  for (let cell = 0; cell < CELL_COUNT; cell++) if (pos.pieceAt(cell)?.captured) cells.push(cell);
  return cells;
}

// packages/cli/src/play.ts
var playCommand = {
  name: "play",
  summary: "play a game in the terminal, for two people or against the computer",
  usage: `usage: agon play [--level <1-10> [--side white|black|random] [--movetime <ms>]]
                 [--touch-move] [--variant standard|placement] [--apn "<APN>"]
                 [--load <file>]

Starts a game at one terminal, for two people or, with --level, against the computer:
the standard start unless a flag says otherwise. Type moves like f1-f2 at the prompt, or
help for the other commands (moves, hint, board, touch, undo, save, load, resign, draw,
quit). Input may be piped in; the game ends quietly at the end of input.

  --level <1-10>     play against the computer at this level (10 is the strongest)
  --side <side>      your side against the computer: white (default), black or random
  --movetime <ms>    limit the computer's time per move (level 10 takes 2000 ms
                     unless told; lower levels stop at their own depth and nodes)

  --touch-move       play with the touch-move house rule (R15)
  --variant <name>   standard (R4) or placement (R14)
  --apn "<APN>"      start from this position
  --load <file>      go on with the game recorded in an AGN file (its TouchMove tag
                     decides touch-move)`,
  async run(argv) {
    const args = new Args("play", argv, {
      "touch-move": "switch",
      variant: "value",
      apn: "value",
      load: "value",
      level: "value",
      side: "value",
      movetime: "value"
    });
    args.expectPositionals(0);
    const { game, tags } = startingGame(args);
    const opponents = opponentsOf(args);
    const { computer, engine } = opponents;
    if (computer) {
      tags.set(computer === "white" ? "White" : "Black", `Computer (level ${engine.level})`);
      tags.set(computer === "white" ? "Black" : "White", "Player");
    }
    const tty = process.stdin.isTTY === true;
    const say2 = (text) => {
      process.stdout.write(`${text}
`);
    };
    const session = new Session(game, tags, say2, opponents);
    const input = createInterface3({
      input: process.stdin,
      output: tty ? process.stdout : void 0,
      terminal: tty,
      crlfDelay: Number.POSITIVE_INFINITY
    });
    input.on("SIGINT", () => input.close());
    session.start();
    const ask = () => {
      input.setPrompt(session.prompt);
      if (tty) input.prompt();
    };
    ask();
    let quit = false;
    for await (const line of input) {
      if (!tty) say2(session.prompt + line);
      quit = !session.handle(line);
      if (quit) break;
      ask();
    }
    input.close();
    if (tty && !quit) say2("");
  }
};
function opponentsOf(args) {
  const level = args.integer("level", 1, 10);
  const movetime = args.integer("movetime", 1, 36e5);
  const side = args.value("side");
  if (level === void 0) {
    if (side !== void 0 || movetime !== void 0) {
      throw new CommandError(
        "play: --side and --movetime are for a game against the computer: add --level"
      );
    }
    return { engine: new Computer(10, void 0, 0), computer: void 0 };
  }
  if (side !== void 0 && side !== "white" && side !== "black" && side !== "random") {
    throw new CommandError(`play: unknown side "${side}": it is white, black or random`);
  }
  const human = side === "black" || side === "random" && Math.random() < 0.5 ? "black" : "white";
  const seed = Math.floor(Math.random() * 2 ** 31);
  return { engine: new Computer(level, movetime, seed), computer: opposite(human) };
}
function startingGame(args) {
  const starts = ["variant", "apn", "load"].filter((flag) => args.has(flag));
  if (starts.length > 1) {
    throw new CommandError(`play: give only one of --variant, --apn and --load`);
  }
  const touchMove = args.has("touch-move");
  const file = args.value("load");
  if (file !== void 0) {
    if (touchMove) {
      throw new CommandError(
        `play: the record's TouchMove tag decides touch-move; drop --touch-move`
      );
    }
    const record = readRecord(file);
    if (!record.ok) throw new CommandError(`play: ${record.error.message}`);
    return { game: record.value.game, tags: new Map(record.value.tags) };
  }
  const variant = args.value("variant") ?? "standard";
  if (variant !== "standard" && variant !== "placement") {
    throw new CommandError(`play: unknown variant "${variant}": it is standard or placement`);
  }
  const apn = args.value("apn") ?? (variant === "placement" ? PLACEMENT_APN : STANDARD_APN);
  const game = new Game(positionFromApn("play", apn), { touchMove });
  const now = /* @__PURE__ */ new Date();
  const date = `${now.getFullYear()}.${String(now.getMonth() + 1).padStart(2, "0")}.${String(now.getDate()).padStart(2, "0")}`;
  return {
    game,
    tags: /* @__PURE__ */ new Map([
      ["Event", "Casual game"],
      ["Date", date]
    ])
  };
}

// packages/cli/src/robustness.ts
var MARGIN_MS = 50;
var robustnessCommand = {
  name: "robustness",
  summary: "search many random positions with an engine and check every answer",
  usage: `usage: agon robustness [--engine "<command>"] [--positions <N>] [--movetime <ms>]
                       [--level <L>] [--seed <S>]

Plays random legal turns from the standard and placement starts to reach N positions
(some of them finished games), sends each to the engine as position apn and go movetime,
and checks that the answer is a legal move, or bestmove none exactly when the game is
over, and that it arrives within movetime + ${MARGIN_MS} ms. Prints the failures and a summary;
exits with status 1 when any answer failed.

  --engine "<command>"  the AEP engine (default: this agon's own engine)
  --positions <N>       number of positions (default 10000)
  --movetime <ms>       time per search (default 20)
  --level <L>           the engine's Level option (default 10)
  --seed <S>            seeds the random positions (default 1)`,
  async run(argv) {
    const args = new Args("robustness", argv, {
      engine: "value",
      positions: "value",
      movetime: "value",
      level: "value",
      seed: "value"
    });
    args.expectPositionals(0);
    const command = args.value("engine") ?? `"${process.execPath}" "${process.argv[1]}" engine`;
    const count = args.integer("positions", 1, 1e7) ?? 1e4;
    const movetime = args.integer("movetime", 1, 6e4) ?? 20;
    const level = args.integer("level", 1, 10) ?? 10;
    const random = seededRandom(args.integer("seed", 0, 2 ** 31 - 1) ?? 1);
    const engine = await AepClient.start(command, level);
    let failures = 0;
    let late = 0;
    let over = 0;
    let worst = 0;
    const times = [];
    try {
      for (let i = 0; i < count; i++) {
        const pos = randomPosition(random);
        const game = new Game(pos);
        const finished = game.outcome !== void 0;
        if (finished) over++;
        const started = performance.now();
        let answer2;
        try {
          answer2 = await engine.move(game, movetime);
        } catch (e) {
          throw new CommandError(
            `robustness: the engine failed at position ${i + 1}: ${e.message}`
          );
        }
        const elapsed = performance.now() - started;
        times.push(elapsed);
        worst = Math.max(worst, elapsed);
        if (elapsed > movetime + MARGIN_MS) {
          late++;
          process.stdout.write(`position ${i + 1}: bestmove after ${elapsed.toFixed(1)} ms
`);
        }
        const problem = check(pos, finished, answer2);
        if (problem) {
          failures++;
          process.stdout.write(
            `position ${i + 1} (${game.position.turnColour} to move): ${problem}
`
          );
        }
        if ((i + 1) % 1e3 === 0) process.stderr.write(`${i + 1} positions
`);
      }
    } finally {
      await engine.close();
    }
    times.sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
    process.stdout.write(
      [
        `positions ${count} (${over} with the game over), movetime ${movetime} ms, level ${level}`,
        `wrong answers ${failures}`,
        `later than movetime + ${MARGIN_MS} ms: ${late}`,
        `answer time ms: median ${pct(0.5)}, p99 ${pct(0.99)}, max ${worst.toFixed(1)}`,
        ""
      ].join("\n")
    );
    if (failures > 0 || late > 0) process.exitCode = 1;
  }
};
function randomPosition(random) {
  const start = parseApn(random() < 0.8 ? STANDARD_APN : PLACEMENT_APN);
  if (!start.ok) throw new CommandError(start.error.message);
  const pos = start.value;
  const plies = Math.floor(random() * 160);
  for (let i = 0; i < plies && pos.throneRing() < 0; i++) {
    const moves = pos.legalMoves();
    if (moves.length === 0) break;
    pos.make(moves[Math.floor(random() * moves.length)]);
  }
  return pos;
}
function check(pos, finished, answer2) {
  if (answer2 === "none") return finished ? void 0 : "bestmove none while the game goes on";
  if (finished) return `bestmove ${answer2} although the game is over`;
  const move = parseMoveText(answer2);
  if (!move.ok) return `unreadable bestmove "${answer2}": ${move.error.message}`;
  if (!pos.isLegal(move.value)) return `illegal bestmove ${answer2}`;
  return void 0;
}

// packages/cli/src/tune.ts
import { existsSync, readFileSync as readFileSync2, writeFileSync as writeFileSync3 } from "node:fs";
var MAX_PLIES = 300;
var tuneCommand = {
  name: "tune",
  summary: "tune the evaluation weights by self-play (Texel fit or SPSA)",
  usage: `usage: agon tune --games <N> --nodes <N> [--seed <S>] [--samples <file>]
                 [--iterations <K>] [--concurrency <C>] [--from <weights>]
       agon tune --pairs <N> --nodes <N> [--seed <S>] [--from <weights>]

With --games (Texel's method): plays N games of the engine against itself, each from a
random opening of 4 to 10 turns, searching the given nodes a move. Every position after
the opening becomes a sample labelled with the game's result, and the weights are fitted
to the samples (logistic regression of the result on the evaluation features). Prints the
games' endings, the number of samples, the scale k and the loss before and after.

With --pairs (SPSA): plays N game pairs, each between two copies of the weights nudged in
opposite random directions (same random opening, colours swapped), and moves the weights
toward the copy that scored better; the queen's values are kept rising toward the throne.
Prints the running pair score every 100 pairs.

Both end with the new weights: a TypeScript array in the order of FEATURES, each value
commented with its name and old and new value, then the same as one --weights list for
agon engine, so that agon match can measure them against the old ones.

  --games <N>        self-play games; 0 with --samples fits the samples in the file
  --pairs <N>        SPSA game pairs
  --nodes <N>        search nodes a move
  --seed <S>         seeds the openings (default 1); the same seed and concurrency give
                     the same games
  --from <weights>   start from these weights (as agon engine --weights takes them)
                     instead of the built-in ones
  --samples <file>   JSON samples to fit along with the new games'; the new samples are
                     added to the file (created if missing)
  --iterations <K>   gradient steps of the fit (default 2000)
  --concurrency <C>  threads playing games (default 2)`,
  async run(argv) {
    const args = new Args("tune", argv, {
      games: "value",
      pairs: "value",
      nodes: "value",
      seed: "value",
      from: "value",
      samples: "value",
      iterations: "value",
      concurrency: "value"
    });
    args.expectPositionals(0);
    const initial = args.weights("from") ?? WEIGHTS;
    const seed = args.integer("seed", 0, 2147483647) ?? 1;
    const nodes = args.integer("nodes", 1, 1e9);
    const pairs = args.integer("pairs", 1, 1e7);
    if (pairs !== void 0) {
      if (args.has("games") || args.has("samples") || args.has("iterations")) {
        throw new CommandError(
          "tune: --pairs (SPSA) goes without --games, --samples, --iterations"
        );
      }
      if (nodes === void 0) throw new CommandError("tune: give --nodes a move");
      runSpsa(initial, pairs, nodes, seed);
      return;
    }
    const games = args.integer("games", 0, 1e7);
    if (games === void 0) {
      throw new CommandError("tune: give --games or --pairs (see agon help tune)");
    }
    if (games > 0 && nodes === void 0) throw new CommandError("tune: give --nodes a move");
    const iterations = args.integer("iterations", 1, 1e7) ?? 2e3;
    const concurrency = args.integer("concurrency", 1, 256) ?? 2;
    const file = args.value("samples");
    const loaded = file !== void 0 && existsSync(file) ? readSamples(file) : [];
    if (games === 0 && loaded.length === 0) {
      throw new CommandError("tune: no games and no samples: give --games, or --samples <file>");
    }
    const played = await selfPlay(games, nodes ?? 0, seed, concurrency, initial);
    const endings = /* @__PURE__ */ new Map();
    for (const { ending } of played) endings.set(ending, (endings.get(ending) ?? 0) + 1);
    const fresh = played.flatMap((p) => p.samples);
    const samples = [...loaded, ...fresh];
    if (file !== void 0 && games > 0) writeSamples(file, samples);
    say(`games ${games}`);
    for (const [ending, count] of [...endings].sort()) say(`  ${ending}  ${count}`);
    say(`samples ${samples.length} (${fresh.length} new, ${loaded.length} from file)`);
    if (samples.length === 0) throw new CommandError("tune: the games gave no samples to fit");
    const fit = fitWeights(samples, initial, iterations);
    say(`k ${fit.k.toFixed(1)}`);
    say(`loss before ${fit.lossBefore.toFixed(6)}, after ${fit.lossAfter.toFixed(6)}`);
    sayWeights(initial, fit.weights);
  }
};
function say(text) {
  process.stdout.write(`${text}
`);
}
function runSpsa(initial, pairs, nodes, seed) {
  let recent = 0;
  const theta = spsa(positionFromApn("tune", STANDARD_APN), initial, {
    iterations: pairs,
    nodes,
    seed,
    onIteration(k, _weights, pairScore) {
      recent += pairScore;
      if (k % 100 === 0 || k === pairs) {
        const n = k % 100 || 100;
        say(
          `pairs ${k}: mean pair score of the last ${n}, plus minus minus, ${(recent / n).toFixed(2)}`
        );
        recent = 0;
      }
    }
  });
  say(`pairs ${pairs} at ${nodes} nodes a move`);
  sayWeights(
    initial,
    Int32Array.from(theta, (w) => Math.round(w))
  );
}
function sayWeights(old, weights) {
  say("weights, in the order of FEATURES:");
  say("[");
  const width = Math.max(...Array.from(weights, (w) => String(w).length)) + 1;
  FEATURES.forEach((feature, i) => {
    const value = `${weights[i]},`.padEnd(width);
    say(`  ${value} // ${feature}: ${old[i]} -> ${weights[i]}`);
  });
  say("]");
  say(`as --weights: ${Array.from(weights).join(",")}`);
}
async function selfPlay(games, nodes, seed, concurrency, weights) {
  const random = seededRandom(seed);
  const threads = [];
  let done = 0;
  const progress = () => {
    if (process.stderr.isTTY) process.stderr.write(`\rgames ${++done}/${games}`);
  };
  for (let i = 0; i < concurrency; i++) {
    const share = Math.floor(games / concurrency) + (i < games % concurrency ? 1 : 0);
    const job = {
      games: share,
      nodes,
      seed: Math.floor(random() * 2 ** 31),
      maxPlies: MAX_PLIES,
      weights
    };
    if (share === 0) continue;
    const worker = startThread("tune-worker", job);
    threads.push(
      new Promise((resolve, reject) => {
        const mine = [];
        worker.on("message", (played2) => {
          mine.push(played2);
          progress();
        });
        worker.on("error", reject);
        worker.on(
          "exit",
          (code) => code === 0 ? resolve(mine) : reject(new Error(`tune: a game thread stopped (${code})`))
        );
      })
    );
  }
  const played = (await Promise.all(threads)).flat();
  if (process.stderr.isTTY && games > 0) process.stderr.write("\n");
  return played;
}
function readSamples(file) {
  let data;
  try {
    data = JSON.parse(readFileSync2(file, "utf8"));
  } catch (e) {
    throw new CommandError(`tune: cannot read samples from ${file}: ${e.message}`);
  }
  if (!Array.isArray(data?.features) || data.features.join(" ") !== FEATURES.join(" ") || !Array.isArray(data.samples)) {
    throw new CommandError(
      `tune: ${file} does not hold samples for the current features (${FEATURES.join(" ")})`
    );
  }
  return data.samples.map((s, i) => {
    const [features, result] = Array.isArray(s) ? s : [];
    if (!Array.isArray(features) || features.length !== FEATURE_COUNT || ![0, 0.5, 1].includes(result)) {
      throw new CommandError(`tune: ${file}: sample ${i + 1} is not [features, result]`);
    }
    return { features: Int16Array.from(features), result };
  });
}
function writeSamples(file, samples) {
  const data = {
    features: FEATURES,
    samples: samples.map((s) => [Array.from(s.features), s.result])
  };
  try {
    writeFileSync3(file, `${JSON.stringify(data)}
`);
  } catch (e) {
    throw new CommandError(`tune: cannot write ${file}: ${e.message}`);
  }
}

// packages/cli/src/main.ts
var helpCommand = {
  name: "help",
  summary: "show this list, or the usage of one command",
  usage: "usage: agon help [<command>]",
  async run(argv) {
    const [name2, extra] = argv;
    if (extra !== void 0) throw new CommandError(`help: unexpected argument "${extra}"`);
    process.stdout.write(`${name2 === void 0 ? overview() : find(name2).usage}
`);
  }
};
var COMMANDS = [
  playCommand,
  movesCommand,
  perftCommand,
  benchCommand,
  engineCommand,
  matchCommand,
  tuneCommand,
  robustnessCommand,
  helpCommand
];
function overview() {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "usage: agon <command> [<args>]",
    "",
    "Agon (Queen's Guard, 1842), the hexagonal race to the throne.",
    "",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "agon help <command> or agon <command> --help shows the usage of one command.",
    "Errors in the arguments or input exit with status 2."
  ].join("\n");
}
function find(name2) {
  const command = COMMANDS.find((c) => c.name === name2);
  if (!command) throw new CommandError(`unknown command "${name2}" (agon help lists them)`);
  return command;
}
async function main(argv) {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (e) => process.exit(e.code === "EPIPE" ? 0 : 2));
  }
  try {
    const [name2, ...rest] = argv;
    if (name2 === void 0) throw new CommandError("no command given (agon help lists them)");
    if (name2 === "--help" || name2 === "-h") {
      await helpCommand.run([]);
    } else if (rest.includes("--help") || rest.includes("-h")) {
      await helpCommand.run([name2]);
    } else {
      await find(name2).run(rest);
    }
    return 0;
  } catch (e) {
    process.stderr.write(`agon: ${e instanceof Error ? e.message : String(e)}
`);
    return 2;
  }
}
export {
  main
};
