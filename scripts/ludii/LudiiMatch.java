// Troyka against a Ludii agent, Breakthru (11x11) or Breakthrough (8x8).
//
// Troyka's own driver (not Ludii code): it is compiled against a Ludii build given on the
// classpath (see scripts/ludii-match and docs/ludii.md). Troyka runs as a child process
// speaking UCI; Ludii's agent runs in this process. Every turn of either side is sent to
// Troyka as `position ... moves ...`, so Troyka checks each Ludii move against its rules
// (it refuses an illegal turn with `info string error`), and Troyka's `query result`
// adjudicates the end of the game (escape, capture of the flagship, no legal turn, and
// Breakthru's draws by threefold repetition and 100 turns without capture).

import java.io.BufferedReader;
import java.io.File;
import java.io.FileWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import game.Game;
import game.types.board.SiteType;
import other.AI;
import other.GameLoader;
import other.context.Context;
import other.move.Move;
import other.state.container.ContainerState;
import other.trial.Trial;
import utils.AIFactory;

public final class LudiiMatch {
    // ---------------------------------------------------------------- options
    String gameName = "breakthru";
    String aiName = "Ludii AI";
    double ludiiSeconds = 5.0;
    int troykaMovetime = 100;
    int games = 2;
    Long randomSetup = null;
    String troykaPath = "troyka";
    String ludPath = null;
    String outPath = null;
    int maxTurns = 1000;
    int firstGame = 0;
    boolean report = false;

    // ---------------------------------------------------------------- state
    Game game;
    int size;
    PrintWriter out;
    Process troyka;
    PrintWriter toTroyka;
    BufferedReader fromTroyka;
    int illegalLudii = 0;
    int disagreements = 0;

    static void usage() {
        System.err.println(String.join("\n",
            "usage: LudiiMatch [options]",
            "  --game breakthru|breakthrough   (default breakthru)",
            "  --ai NAME          Ludii agent: MAST, UCT, MC-GRAVE, Alpha-Beta, 'Ludii AI' (default)",
            "  --ludii-time S     Ludii's seconds per action (default 5)",
            "  --movetime MS      Troyka's go movetime per turn (default 100)",
            "  --games N          number of games, colours alternating (default 2)",
            "  --first-game K     number the games from K (Troyka is gold/white in even games)",
            "  --random-setup SEED  Breakthru: random legal setup, one per pair of games",
            "  --troyka PATH      Troyka binary (default: troyka)",
            "  --lud PATH         Breakthru .lud (default: scripts/ludii/Breakthru-troyka.lud)",
            "  --out FILE         game records and results (default: stdout only)",
            "  --max-turns N      stop a game after N turns, counted unfinished (default 1000)",
            "  --report 1         log the agent's analysis report (iterations, depth) for each action"));
    }

    public static void main(String[] args) throws Exception {
        LudiiMatch m = new LudiiMatch();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("-h") || a.equals("--help")) { usage(); return; }
            if (i + 1 >= args.length) { usage(); throw new IllegalArgumentException("missing value for " + a); }
            String v = args[++i];
            switch (a) {
                case "--game": m.gameName = v.toLowerCase(Locale.ROOT); break;
                case "--ai": m.aiName = v; break;
                case "--ludii-time": m.ludiiSeconds = Double.parseDouble(v); break;
                case "--movetime": m.troykaMovetime = Integer.parseInt(v); break;
                case "--games": m.games = Integer.parseInt(v); break;
                case "--first-game": m.firstGame = Integer.parseInt(v); break;
                case "--random-setup": m.randomSetup = Long.parseLong(v); break;
                case "--troyka": m.troykaPath = v; break;
                case "--lud": m.ludPath = v; break;
                case "--out": m.outPath = v; break;
                case "--max-turns": m.maxTurns = Integer.parseInt(v); break;
                case "--report": m.report = !v.equals("0"); break;
                default: usage(); throw new IllegalArgumentException("unknown option " + a);
            }
        }
        if (!m.gameName.equals("breakthru") && !m.gameName.equals("breakthrough"))
            throw new IllegalArgumentException("--game must be breakthru or breakthrough");
        if (m.randomSetup != null && !m.gameName.equals("breakthru"))
            throw new IllegalArgumentException("--random-setup is for breakthru only");
        m.run();
    }

    boolean breakthru() { return gameName.equals("breakthru"); }

    void log(String s) {
        System.out.println(s);
        System.out.flush();
        if (out != null) { out.println(s); out.flush(); }
    }

    // ---------------------------------------------------------------- Troyka
    void startTroyka() throws IOException {
        ProcessBuilder pb = new ProcessBuilder(troykaPath);
        pb.redirectError(ProcessBuilder.Redirect.INHERIT);
        troyka = pb.start();
        toTroyka = new PrintWriter(new OutputStreamWriter(troyka.getOutputStream(), StandardCharsets.UTF_8), true);
        fromTroyka = new BufferedReader(new InputStreamReader(troyka.getInputStream(), StandardCharsets.UTF_8));
        send("uci");
        readUntil("uciok");
        if (breakthru()) send("setoption name UCI_Variant value breakthru");
        List<String> errs = sync();
        if (!errs.isEmpty()) throw new IllegalStateException("Troyka: " + errs);
    }

    void send(String s) { toTroyka.println(s); }

    String readLine() throws IOException {
        String l = fromTroyka.readLine();
        if (l == null) throw new IOException("Troyka closed its output");
        return l;
    }

    List<String> readUntil(String prefix) throws IOException {
        List<String> lines = new ArrayList<>();
        while (true) {
            String l = readLine();
            lines.add(l);
            if (l.startsWith(prefix)) return lines;
        }
    }

    /** isready/readyok; returns the error lines Troyka wrote before readyok. */
    List<String> sync() throws IOException {
        send("isready");
        List<String> errs = new ArrayList<>();
        for (String l : readUntil("readyok"))
            if (l.startsWith("info string error")) errs.add(l);
        return errs;
    }

    String positionCommand(String fen, List<String> turns) {
        StringBuilder sb = new StringBuilder("position ");
        sb.append(fen == null ? "startpos" : "fen " + fen);
        if (!turns.isEmpty()) {
            sb.append(" moves");
            for (String t : turns) sb.append(' ').append(t);
        }
        return sb.toString();
    }

    /** Sets the position in Troyka; returns its errors (empty when every turn is legal). */
    List<String> setPosition(String fen, List<String> turns) throws IOException {
        send(positionCommand(fen, turns));
        return sync();
    }

    String queryResult() throws IOException {
        send("query result");
        for (String l : readUntil("response"))
            if (l.startsWith("response")) return l.substring("response".length()).trim();
        return "none";
    }

    String troykaTurn() throws IOException {
        send("go movetime " + troykaMovetime);
        for (String l : readUntil("bestmove")) {
            if (l.startsWith("info string error")) log("# troyka: " + l);
            if (l.startsWith("bestmove")) return l.split("\\s+")[1];
        }
        throw new IllegalStateException("no bestmove");
    }

    // ---------------------------------------------------------------- squares
    String square(int site) {
        return "" + (char) ('a' + site % size) + (site / size + 1);
    }

    int site(String sq) {
        int file = sq.charAt(0) - 'a';
        int rank = Integer.parseInt(sq.substring(1)) - 1;
        return rank * size + file;
    }

    static String[] legs(String turn) { return turn.split(","); }

    // ---------------------------------------------------------------- Ludii
    void loadGame() throws IOException {
        if (breakthru()) {
            File lud = new File(ludPath != null ? ludPath : "scripts/ludii/Breakthru-troyka.lud");
            game = GameLoader.loadGameFromFile(lud);
            size = 11;
        } else {
            game = GameLoader.loadGameFromName("Breakthrough.lud");
            size = 8;
        }
    }

    /** The legal Ludii move with this from- and to-site, or null. */
    Move findMove(Context ctx, int from, int to) {
        for (Move mv : game.moves(ctx).moves()) {
            if (mv.isPass()) continue;
            if (mv.from() == from && mv.to() == to) return mv;
        }
        return null;
    }

    Move findPass(Context ctx) {
        for (Move mv : game.moves(ctx).moves())
            if (mv.isPass()) return mv;
        return null;
    }

    int mover(Context ctx) { return ctx.state().mover(); }

    /** Plays the placements; returns Troyka's position string of the result (null for the fixed start). */
    String setup(Context ctx, Long seed) {
        List<Integer> escorts = new ArrayList<>();
        List<Integer> silver = new ArrayList<>();
        int centre = 5 * 11 + 5;
        if (seed == null) {
            for (String s : "e4 f4 g4 e8 f8 g8 d5 d6 d7 h5 h6 h7".split(" ")) escorts.add(site(s));
            for (String s : ("d2 e2 f2 g2 h2 d10 e10 f10 g10 h10 b4 b5 b6 b7 b8 j4 j5 j6 j7 j8").split(" "))
                silver.add(site(s));
        } else {
            Random rng = new Random(seed);
            List<Integer> inner = new ArrayList<>();
            List<Integer> outer = new ArrayList<>();
            for (int s = 0; s < 121; s++) {
                int f = s % 11, r = s / 11;
                boolean centreArea = f >= 3 && f <= 7 && r >= 3 && r <= 7;
                if (centreArea) { if (s != centre) inner.add(s); } else outer.add(s);
            }
            Collections.shuffle(inner, rng);
            Collections.shuffle(outer, rng);
            escorts.addAll(inner.subList(0, 12));
            silver.addAll(outer.subList(0, 20));
            Collections.sort(escorts);
            Collections.sort(silver);
        }
        for (int s : escorts) place(ctx, 1, s);
        for (int s : silver) place(ctx, 2, s);
        if (mover(ctx) != 1) throw new IllegalStateException("after the setup, Ludii's mover is " + mover(ctx));
        return seed == null ? null : fen(ctx);
    }

    void place(Context ctx, int player, int site) {
        if (mover(ctx) != player) throw new IllegalStateException("placement by the wrong player");
        for (Move mv : game.moves(ctx).moves()) {
            if (mv.to() == site) { game.apply(ctx, mv); return; }
        }
        throw new IllegalStateException("Ludii refuses a placement on " + square(site));
    }

    /** Troyka's Breakthru position string of Ludii's board, gold to move. */
    String fen(Context ctx) {
        ContainerState cs = ctx.containerState(0);
        StringBuilder sb = new StringBuilder();
        for (int r = 10; r >= 0; r--) {
            int empty = 0;
            for (int f = 0; f < 11; f++) {
                int s = r * 11 + f;
                int what = cs.what(s, SiteType.Cell);
                if (what == 0) { empty++; continue; }
                if (empty > 0) { sb.append(empty); empty = 0; }
                String name = game.equipment().components()[what].name();
                if (name.startsWith("Commander")) sb.append('F');
                else if (cs.who(s, SiteType.Cell) == 1) sb.append('E');
                else sb.append('s');
            }
            if (empty > 0) sb.append(empty);
            if (r > 0) sb.append('/');
        }
        return sb.append(" g 0 1").toString();
    }

    /** Plays Troyka's turn in Ludii; returns null, or what went wrong. */
    String applyTroykaTurn(Context ctx, String turn) {
        int player = mover(ctx);
        String[] ls = legs(turn);
        for (String leg : ls) {
            if (mover(ctx) != player) return "Ludii's turn ended before leg " + leg;
            // split the leg into two squares: letter digits letter digits
            int split = 1;
            while (split < leg.length() && Character.isDigit(leg.charAt(split))) split++;
            int from = site(leg.substring(0, split));
            int to = site(leg.substring(split));
            Move mv = findMove(ctx, from, to);
            if (mv == null) return "Ludii has no move " + leg + " (Troyka's turn " + turn + ")";
            game.apply(ctx, mv);
        }
        if (!ctx.trial().over() && mover(ctx) == player) {
            Move pass = findPass(ctx);
            if (pass == null || game.moves(ctx).moves().size() != 1)
                return "after " + turn + " Ludii wants a second slide (" + game.moves(ctx).moves().size() + " moves)";
            game.apply(ctx, pass);
        }
        return null;
    }

    /** Ludii's agent plays a whole turn; returns it in Troyka's notation. */
    String ludiiTurn(Context ctx, AI ai) {
        int player = mover(ctx);
        List<String> ls = new ArrayList<>();
        while (!ctx.trial().over() && mover(ctx) == player) {
            Move mv = ai.selectAction(game, new Context(ctx), ludiiSeconds, -1, -1);
            if (mv == null) throw new IllegalStateException("Ludii's agent returned no move");
            if (report) log("# ludii " + (mv.isPass() ? "pass" : square(mv.from()) + square(mv.to())) + ": " + ai.generateAnalysisReport());
            // play the legal move equal to the agent's (the agent's copy belongs to its own context)
            Move legal = null;
            for (Move m : game.moves(ctx).moves())
                if (m.equals(mv) || (m.isPass() && mv.isPass()) || (!m.isPass() && !mv.isPass() && m.from() == mv.from() && m.to() == mv.to())) { legal = m; break; }
            if (legal == null) throw new IllegalStateException("Ludii's agent played a move not in its legal list: " + mv);
            if (!legal.isPass()) ls.add(square(legal.from()) + square(legal.to()));
            game.apply(ctx, legal);
            if (ls.size() > 2) throw new IllegalStateException("Ludii's turn has more than two legs");
        }
        if (ls.isEmpty()) return "pass";
        return String.join(",", ls);
    }

    // ---------------------------------------------------------------- a game
    static final class Result {
        String winner; // "troyka", "ludii", "draw", "unfinished", "error"
        String reason;
    }

    Result playGame(int g) throws IOException {
        boolean troykaFirst = g % 2 == 0; // Troyka is gold (Breakthru) / white (Breakthrough) in even games
        int troykaPlayer = troykaFirst ? 1 : 2;
        Context ctx = new Context(game, new Trial(game));
        game.start(ctx);
        String fen = null;
        if (breakthru()) fen = setup(ctx, randomSetup == null ? null : randomSetup + g / 2);
        AI ai = AIFactory.createAI(aiName);
        ai.initAI(game, 3 - troykaPlayer);
        String label = ai.friendlyName();
        send("ucinewgame");
        if (breakthru()) send("setoption name UCI_Variant value breakthru");
        List<String> turns = new ArrayList<>();
        Result res = new Result();
        String p1 = breakthru() ? "gold" : "white";
        String p2 = breakthru() ? "silver" : "black";
        log(String.format("# game %d: troyka %s, %s (%s) %s; start %s", g, troykaFirst ? p1 : p2,
            aiName, label, troykaFirst ? p2 : p1, fen == null ? "startpos" : fen));
        long t0 = System.currentTimeMillis();
        while (true) {
            List<String> errs = setPosition(fen, turns);
            if (!errs.isEmpty()) {
                res.winner = "error";
                res.reason = "Troyka refused the game: " + errs;
                break;
            }
            String r = queryResult();
            boolean ludiiOver = ctx.trial().over();
            if (!r.equals("none")) {
                if (r.equals("draw")) res.winner = "draw";
                else res.winner = (r.equals("p1win") == troykaFirst) ? "troyka" : "ludii";
                res.reason = "troyka says " + r + (ludiiOver ? "" : " (Ludii's game goes on)");
                if (!ludiiOver && !r.equals("draw")) { disagreements++; log("# disagreement: Troyka ends the game (" + r + "), Ludii does not"); }
                break;
            }
            if (ludiiOver) {
                disagreements++;
                res.winner = "error";
                res.reason = "Ludii ends the game, Troyka does not";
                log("# disagreement: " + res.reason);
                break;
            }
            if (turns.size() >= maxTurns) { res.winner = "unfinished"; res.reason = maxTurns + " turns"; break; }
            int mover = mover(ctx);
            String turn;
            if (mover == troykaPlayer) {
                turn = troykaTurn();
                String err = applyTroykaTurn(ctx, turn);
                if (err != null) {
                    disagreements++;
                    res.winner = "error";
                    res.reason = "Ludii refuses Troyka's turn: " + err;
                    log("# disagreement: " + res.reason);
                    turns.add(turn);
                    break;
                }
                turns.add(turn);
            } else {
                turn = ludiiTurn(ctx, ai);
                turns.add(turn);
                List<String> e2 = setPosition(fen, turns);
                if (!e2.isEmpty()) {
                    illegalLudii++;
                    res.winner = "error";
                    res.reason = "illegal Ludii turn " + turn + " (turn " + turns.size() + "): " + e2;
                    log("# ILLEGAL: " + res.reason);
                    log("# position: " + positionCommand(fen, turns.subList(0, turns.size() - 1)));
                    break;
                }
            }
        }
        ai.closeAI();
        double secs = (System.currentTimeMillis() - t0) / 1000.0;
        log(String.format("game %d troyka=%s winner=%s turns=%d secs=%.0f reason=%s", g, troykaFirst ? p1 : p2,
            res.winner, turns.size(), secs, res.reason));
        log("moves " + String.join(" ", turns));
        return res;
    }

    // ---------------------------------------------------------------- the match
    static String wilson(double wins, int n) {
        if (n == 0) return "";
        double z = 1.96, p = wins / n;
        double d = 1 + z * z / n;
        double c = (p + z * z / (2 * n)) / d;
        double h = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / d;
        return String.format("score %.3f, 95%% Wilson interval [%.3f, %.3f]", p, c - h, c + h);
    }

    void run() throws Exception {
        if (outPath != null) out = new PrintWriter(new FileWriter(outPath, true));
        loadGame();
        startTroyka();
        log(String.format("# %s: troyka (%s, movetime %d ms) vs Ludii %s (%.2f s an action), %d games%s",
            gameName, troykaPath, troykaMovetime, aiName, ludiiSeconds, games,
            randomSetup == null ? "" : ", random setup seed " + randomSetup));
        // [troyka colour][win, loss, draw, other]
        int[][] counts = new int[2][4];
        for (int g = firstGame; g < firstGame + games; g++) {
            Result r = playGame(g);
            int c = g % 2 == 0 ? 0 : 1;
            switch (r.winner) {
                case "troyka": counts[c][0]++; break;
                case "ludii": counts[c][1]++; break;
                case "draw": counts[c][2]++; break;
                default: counts[c][3]++;
            }
        }
        String p1 = breakthru() ? "gold" : "white";
        String p2 = breakthru() ? "silver" : "black";
        int w = counts[0][0] + counts[1][0], l = counts[0][1] + counts[1][1], d = counts[0][2] + counts[1][2];
        int o = counts[0][3] + counts[1][3];
        log(String.format("# result (Troyka's view): as %s +%d -%d =%d, as %s +%d -%d =%d, total +%d -%d =%d%s",
            p1, counts[0][0], counts[0][1], counts[0][2], p2, counts[1][0], counts[1][1], counts[1][2],
            w, l, d, o > 0 ? " (" + o + " unfinished or in error)" : ""));
        log("# " + wilson(w + 0.5 * d, w + l + d) + "; illegal Ludii turns " + illegalLudii + ", rule disagreements " + disagreements);
        send("quit");
        troyka.waitFor();
        if (out != null) out.close();
        System.exit(0);
    }
}
