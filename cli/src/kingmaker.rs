//! `kado kingmaker …`: the Kingmaker referee (scores, picture, build check) and the
//! campaign ledger.

use clap::{Args, Subcommand};
use kado::explain::json;
use serde_json::Value;

use kado::diag::{Error, Source};
use kado::explain::Explain;
use kado::kingmaker::advise;
use kado::kingmaker::build;
use kado::kingmaker::check::{self, RecordVerdict};
use kado::kingmaker::error::AdviseError;
use kado::kingmaker::game::{Action, Game, Setup};
use kado::kingmaker::layout::{self, Layout, LayoutSpans, Slot};
use kado::kingmaker::record;
use kado::kingmaker::score;
use kado::kingmaker::start;
use kado::kingmaker::verdict;
use kado::kingmaker::{GAME, Rules, TITLE, picture};
use kado::ruleset::Ruleset;
use kado::session::Log;
use kado::view::Grid;
use kado_screen::grid;

use crate::ctx::{Ctx, Outcome, joined};
use crate::limits::{LAYOUT_LIMIT, read_file};
use crate::session::args::{RecordArg, ResumeArgs, SaveArg, StatusArgs};
use crate::{limits, session};
use kado_store::savefile::SaveLock;

#[derive(Debug, Subcommand)]
pub enum Cmd {
    /// Score a Year: each player's triad, its colours, and the product.
    #[command(
        long_about = "Score a Year: each player's triad (their Blink and the two commons it touches), the faces of each colour in it, and the score, the product of those counts (a colour with no face is left out). The highest score wins the Year and an overall point.",
        after_help = SCORE_AFTER
    )]
    Score(LayoutArg),
    /// Draw the Commons as hexagons, faces in colour, triads labelled.
    #[command(
        long_about = "Draw the Commons as hexagons in the terminal: each face its colour's letter (R Y G B), drawn in that colour on a terminal (`·` when not lit), each Blink named, and each player's triad listed below.",
        after_help = SHOW_AFTER
    )]
    Show(LayoutArg),
    /// Check a Commons build, or referee a Year record season by season.
    #[command(
        long_about = "Check a Commons build, placement by placement, against the building rules: the second common touches the first, the third touches both, the fourth sits exactly opposite the third, and each player's Blink touches exactly two commons. Says which step breaks which rule; for a finished legal build, where each Blink sits in the 3-2-3 layout.\n\nOr referee a Year record (one Year or a whole campaign, written season by season): every step is checked in order, and the first one the rules refuse is the verdict, with its line, its player, the rule and what would have been legal. Each finished Year is scored (the triads, the product, the winner), and the campaign's points are added up. For a record, the rules are --rules when given (over whatever the record names), else those the record names on its `# ruleset:` line (a built-in ruleset, house rules written out as `play --record` writes them under a house-rules file, or a house-rules file read beside the record; see kado-notation(7)).\n\nA single argument that is `-` (stdin) or names an existing file is read as a file (a folder or a named pipe is refused), and a single word that names no file and is no build either is an error that says both; a file (or `--file`) whose first line starts with `players:`, `target:` or another key of the record is a Year record, anything else a build.",
        after_help = CHECK_AFTER
    )]
    Check {
        /// The placements, e.g. `c1, c2 e c1, c3 ne c1, c4 sw c2, ana w c3, bo e c3, cy w c4, dee e c4`; or RECORD, a Year record file (`-` for stdin).
        #[arg(required_unless_present = "file", num_args = 1.., value_name = "BUILD|RECORD")]
        build: Vec<String>,
        /// Read the placements (or a Year record) from a file instead.
        #[arg(long, value_name = "FILE", conflicts_with = "build")]
        file: Option<String>,
    },
    /// Referee a campaign live, season by season, and write its Year record.
    #[command(
        long_about = "Referee a campaign live, Year by Year and season by season. kado says who holds the first player token and what each player does; it asks only what it cannot know (each Spring choice and what it shows, each Summer reveal and then the move, each Harvest insertion, the pairs of each Blink it has not seen whole after the final long press) and says itself a step with one legal answer (the fourth common's place, the last Blink's place in Harvest), refuses at once a step the rules forbid (saying what is legal), draws the Commons as it grows, scores each Year, gives the overall point and asks the winner who starts next. The campaign is saved after every answer; `undo`, `fix`, `show`, `help` and `quit` work at any prompt, and `kado kingmaker resume FILE` goes on with it. With --record FILE the Year record is rewritten after every answer; `kado kingmaker check FILE` referees it with the same result.",
        after_help = PLAY_AFTER
    )]
    Play {
        /// The four players, clockwise, e.g. `ana,bo,cy,dee`.
        #[arg(
            long,
            value_name = "NAMES",
            value_delimiter = ',',
            default_value = "p1,p2,p3,p4"
        )]
        players: Vec<String>,
        /// Overall points that win the campaign (not under ruling campaign-end: open).
        #[arg(long, value_name = "N")]
        target: Option<String>,
        /// Who holds the first player token for Year 1 (else kado asks).
        #[arg(long, value_name = "NAME")]
        first: Option<String>,
        #[command(flatten)]
        save: SaveArg,
        #[command(flatten)]
        record: RecordArg,
    },
    /// Keep the campaign ledger across Years, saved after every answer.
    #[command(
        long_about = "Keep the campaign ledger across Years: record each Year's finished Commons (or the scores), award the overall point, ask the Year's winner who starts the next Year, and end when a player reaches the target. The ledger is saved after every answer; `undo`, `fix` (list the answers; `fix N ANSWER` corrects answer N), `show`, `help` and `quit` work at any prompt; answers may be piped in, one per line.",
        after_help = CAMPAIGN_AFTER
    )]
    Campaign {
        /// The four players, clockwise, e.g. `ana,bo,cy,dee`.
        #[arg(
            long,
            value_name = "NAMES",
            value_delimiter = ',',
            default_value = "p1,p2,p3,p4"
        )]
        players: Vec<String>,
        /// Overall points that win the campaign.
        #[arg(long, value_name = "N", default_value = start::DEFAULT_TARGET)]
        target: String,
        /// Who holds the first player token for Year 1 (else kado asks).
        #[arg(long, value_name = "NAME")]
        first: Option<String>,
        #[command(flatten)]
        save: SaveArg,
    },
    /// Advise the player about to act in Summer or Harvest: every legal choice ranked.
    #[command(long_about = ADVISE_ABOUT, after_help = ADVISE_AFTER)]
    Advise {
        /// The Year record so far, as `check` reads it (`-` for stdin).
        #[arg(value_name = "RECORD")]
        record: String,
        /// The player's own Blink as it lights up, both pairs: `RG-YB`.
        #[arg(long, value_name = "PAIRS")]
        blink: Option<String>,
        /// Colourings of the unseen faces played per choice (all of them when there are no more).
        #[arg(long, value_name = "N", default_value = "2000", value_parser = clap::value_parser!(u32).range(1..=i64::from(advise::MAX_SAMPLES)))]
        samples: u32,
        /// The seed of the samples.
        #[arg(long, value_name = "S", default_value = "1")]
        seed: u64,
    },
    /// Go on with a saved campaign where it stopped.
    #[command(
        long_about = "Go on with a saved campaign where it stopped, with the rules it was started with. A finished campaign is shown and left as it is. With --json the prompts and what kado says go to stderr, and the ledger is printed on stdout at the end (with stdin empty, e.g. `< /dev/null`, that is just the ledger).",
        after_help = LEDGER_JSON
    )]
    Resume(ResumeArgs),
    /// Show the state of a saved campaign without continuing it.
    #[command(
        after_help = crate::session::TABLE_JSON,
        long_about = "Show the state of a saved campaign, as `show` does at a prompt, and how many actions its log holds. It can be read while a session is running.\n\nWith --json: the same keys as the state printed when a session stops."
    )]
    Status(StatusArgs),
}

const CAMPAIGN_AFTER: &str = concat!(
    "At each Year's prompt, answer with the finished Commons in layout notation, each corner\n",
    "named after its player (`ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY`),\n",
    "or with each player's score (`ana=64 bo=72 cy=48 dee=72`).\n\n",
    "Example:\n",
    "  kado kingmaker campaign --players ana,bo,cy,dee --target 3 --save spring.yaml\n",
    "  kado kingmaker resume spring.yaml\n\n",
    "Rulings used: year-tie, next-first, campaign-tie, and for layouts zero-colour and lit-faces.\n\n",
    "Scores typed in must be ones a triad can make: all lit, 9 to 81 but not every number\n",
    "between (13 or 80 cannot be made).\n\n",
    "With --json, the prompts and what kado says go to stderr, and the ledger to stdout at the end.\n\n",
    ledger_json!()
);

/// The JSON keys of the campaign ledger (one text for `campaign` and `resume`).
macro_rules! ledger_json {
    () => {
        concat!(
            "JSON keys: `players`, `target`, `points` (player → points), `years` (list of {`year`,\n",
            "`first`, `scores` (player → score), `layout` (or null when scores were recorded),\n",
            "`top` (the best scorers), `winners` (who got the point)}), `champions` (or null while\n",
            "the campaign goes on), `next` (the question kado asks next, or null), `save` (the file)."
        )
    };
}
use ledger_json;

const LEDGER_JSON: &str = ledger_json!();

const PLAY_AFTER: &str = concat!(
    "Answers: Spring `c2 left RG` (a single click shows the left pair), `c2 right YB` (a\n",
    "double click, the right pair), `c2 long RG-YB` (a long press, for a common already\n",
    "chosen); Summer `RY` (the pair you reveal), then the common you move, `c3` for the\n",
    "first, `c2 e c3` for a later one (against a side of a Blink in the Commons), or both at\n",
    "once, `BB c2 e c3`; Harvest `w c4`; after the final long press the pairs of each Blink\n",
    "kado has not seen whole, `RG-YB` (of a common with one pair seen, the other, `RR`). A\n",
    "step with one legal answer kado says itself. The player's name may start an answer.\n\n",
    "`hint` at a Summer or Harvest prompt ranks the legal answers, each as it is typed there;\n",
    "`hint RG-YB` tells kado your own Blink, which only you know, and advises with it.\n\n",
    "A step of the Year under way told wrong is corrected with `fix SEASON STEP` at any prompt\n",
    "(`fix spring cy c2 long RG-YB`): the step of that player in that season is replaced and the\n",
    "Year is refereed again; `undo` takes back the last answer. Any earlier answer is corrected by\n",
    "number: `fix` lists the answers given, `fix N ANSWER` replaces answer N and keeps the later\n",
    "answers that still hold.\n\n",
    "Example:\n",
    "  kado kingmaker play --players ana,bo,cy,dee --target 3 --save year.yaml --record year.txt\n",
    "  kado kingmaker check year.txt\n\n",
    "Rulings used: first-season, first-long-press, summer-own-common, dark-commons,\n",
    "campaign-end, year-tie, next-first, campaign-tie, zero-colour. See kado-notation(7).\n\n",
    ledger_json!()
);

const ADVISE_ABOUT: &str = "Advise the player about to act, from the Year record so far: in Summer, which scattered common to move into the Commons and where; in Harvest, where to insert their Blink. Every legal choice is listed with the player's triad score (on average) and their chance to take the Year, best first.\n\nOnly what the player can see is read: the pairs shown in Spring and Summer, and their own Blink when given with --blink. Every other face is unknown to them and may be any of R Y G B alike (the rules do not say how many faces of each colour the Blinks hold): when few faces are unknown every colouring is played (exact), else --samples colourings are drawn from --seed, the same for every choice, and ± is a 95% interval. After the choice the Year is played to its end by a simple greedy rule, as if the colours drawn were seen (the player's own Harvest step too): in Summer the scattered common that scores best with the mover's Blink goes to its first legal place; in Harvest each Blink takes the place whose triad scores best for its player. At a `kado kingmaker play` prompt in Summer or Harvest, `hint` gives the same advice, and `hint RG-YB` the advice with the player's own Blink.";

const ADVISE_AFTER: &str = concat!(
    "Example:\n",
    "  kado kingmaker advise year.txt --blink BB-GY\n\n",
    "A record whose next step is not a Summer or Harvest step is refused, saying what is due.\n\n",
    "JSON keys: `player`, `season` (summer or harvest), `candidates` (list of {`answer`, `wins`,\n",
    "`samples`, `win_rate`, `margin`, `average_score`, `score_margin`}, best first),\n",
    "`unknown_faces`, `exact`, `samples`, `seed`, `own_blink` (or null).\n"
);

const CHECK_AFTER: &str = concat!(
    "The build: placements in the order they were made, separated by `,`, `;` or new lines.\n",
    "The first is just a name; each later one is NAME SIDE OTHER (`of` may stand between):\n",
    "the new Blink sits on that side of an earlier one. Blinks are hexagons in rows running\n",
    "left to right, so the sides are e, w, ne, nw, se and sw. The first four placements are\n",
    "the commons (Summer), the rest the players' Blinks (Harvest). See kado-notation(7).\n\n",
    "Example:\n",
    "  kado kingmaker check c1, c2 e c1, c3 ne c1, c4 sw c2, ana w c3, bo e c3, cy w c4, dee e c4\n\n",
    "Rule ids: one-per-place, second-touches-first, third-touches-both,\n",
    "fourth-opposite-third, player-touches-two-commons.\n\n",
    "JSON keys: `steps` (list of {`step`, `blink`, `role` (common or player), `at` ([q, r]\n",
    "axial, the first Blink at [0, 0]), `placed` ({`side`, `of`} or null), `touches`, `legal`,\n",
    "`rule` (id or null), `why`}), `legal`, `complete`, `next` (what the next placement must\n",
    "do, or null), `slots` (place → Blink, for a finished legal build, else null).\n\n",
    "A Year record, one line per event (`#` comments, blank lines skipped):\n",
    "  players: ana bo cy dee\n",
    "  winter: ana bo cy dee\n",
    "  spring: bo c2 left RG, cy c2 long RG-YB, dee c3 right GB, ana c1 left YY\n",
    "  summer: cy RY c3, dee BB c2 e c3, ana YB c4 ne c3, bo GB c1 sw c2\n",
    "  harvest: dee w c4, ana e c4, bo w c1, cy e c1\n",
    "  blinks: ana RG-YB, bo YY-GB, cy RY-GB, dee BB-GY, c1 YY-RR, c2 RG-YB, c3 BB-GB, c4 GG-RY\n",
    "  next: ana\n",
    "A later Year starts with `year` (or `year: NAME`, or `players:` again); `target: N` may\n",
    "come first. See kado-notation(7).\n\n",
    "JSON keys for a record: `years` (list of {`scores` (player → score), `winners`,\n",
    "`layout`}), `points` (player → overall points), `illegal` (null, or {`line`, `player`\n",
    "(or null), `code`, `reason`}), `champions` (who won the campaign, or null while it goes\n",
    "on), `next` (what comes next by the rules, or null)."
);

const SCORE_AFTER: &str = concat!(
    "The layout: three rows separated by `/` (or new lines), three Blinks, two, three. A Blink is\n",
    "its left pip pair, `-`, its right pip pair, each two of R Y G B (`..` for a pair not lit);\n",
    "a corner Blink may carry its player's name: `ana:RG-YB`. Unnamed corners are p1..p4 in\n",
    "reading order. See kado-notation(7).\n\n",
    "Example:\n",
    "  kado kingmaker score ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY\n\n",
    "Part-way through a Year, score only the pairs shown with `--rules kingmaker-shown`.\n\n",
    "JSON keys: `players` (list of {`name`, `slot`, `triad` (list of {`slot`, `blink`}),\n",
    "`counts` (R Y G B → faces), `score`}), `best` (the highest score), `top` (the players\n",
    "with it), `winners` (who gets the overall point), `layout` (canonical notation)."
);

const SHOW_AFTER: &str = concat!(
    "The layout: three rows separated by `/` (or new lines), three Blinks, two, three. A Blink is\n",
    "its left pip pair, `-`, its right pip pair, each two of R Y G B (`..` for a pair not lit);\n",
    "a corner Blink may carry its player's name: `ana:RG-YB`. See kado-notation(7).\n\n",
    "JSON keys: `layout` (canonical notation), `blinks` (list of {`slot`, `name`, `left`,\n",
    "`right`, `common`}), `triads` (list of {`name`, `slot`, `triad` (slots)}), `scores`\n",
    "(player → score, or null when an unlit pair must be lit first), `picture` (text)."
);

#[derive(Debug, Args)]
pub struct LayoutArg {
    /// The Commons, e.g. `ana:RG-YB RR-GB bo:YY-BG / GG-RY BB-RY / cy:RY-GB YG-RR dee:BB-GY`.
    #[arg(required_unless_present = "file", num_args = 1.., value_name = "LAYOUT")]
    layout: Vec<String>,
    /// Read the layout from a file instead (one row per line).
    #[arg(long, value_name = "FILE", conflicts_with = "layout")]
    file: Option<String>,
}

pub fn run(cmd: Cmd, ctx: &Ctx) -> Outcome {
    let rs = ctx.ruleset(GAME, TITLE)?;
    let rules = Rules::from_ruleset(&rs);
    match cmd {
        Cmd::Score(arg) => score_cmd(ctx, &rs, &arg),
        Cmd::Show(arg) => show_cmd(ctx, &rs, &arg),
        Cmd::Check { build, file } => check_cmd(ctx, &build, file.as_deref()),
        Cmd::Play {
            players,
            target,
            first,
            save,
            record,
        } => {
            let log = start::play_log(&rs, &rules, &players, target.as_deref(), first.as_deref());
            play_cmd(ctx, log?, (&save, &record))
        }
        Cmd::Campaign {
            players,
            target,
            first,
            save,
        } => campaign_cmd(ctx, &rs, players, &target, first, &save),
        Cmd::Advise {
            record,
            blink,
            samples,
            seed,
        } => advise_cmd(ctx, &rs, &record, blink.as_deref(), samples, seed),
        Cmd::Status(a) => session::status_of::<Game>(ctx, &a),
        Cmd::Resume(a) => {
            let (lock, log) = session::open_resumed::<Game>(ctx, &a, TITLE)?;
            play(ctx, &lock, log)
        }
    }
}

/// The layout from the argument words or the file.
fn read_layout(arg: &LayoutArg) -> Result<(Source, Layout, LayoutSpans), Error> {
    let src = match &arg.file {
        Some(path) => Source::new(
            format!("file {path}"),
            read_file(path, "layout file", LAYOUT_LIMIT)?,
        ),
        None => Source::new("argument LAYOUT", joined(&arg.layout)),
    };
    let (l, spans) = layout::read(&src)?;
    Ok((src, l, spans))
}

/// Each player's triad, its colours and its score, as a table.
fn triad_table(l: &Layout, y: &score::YearScore, rules: &Rules) -> Grid {
    let mut t = Grid::new(["Player", "Seat", "Triad", "R", "Y", "G", "B", "Score"]);
    for p in &y.players {
        let triad: Vec<String> = p
            .triad
            .iter()
            .map(|slot| l.blink(*slot).pairs_text())
            .collect();
        let mut row = vec![p.name.clone(), p.slot.to_string(), triad.join(" + ")];
        row.extend(p.counts.iter().map(ToString::to_string));
        row.push(score::formula(&p.counts, p.score, rules));
        t.row(row);
    }
    t
}

/// The verdict on a layout under `rs`: what `score` gives, or `None` where a ruling leaves
/// it unscorable.
fn score_verdict(rs: &Ruleset, (src, l, spans): &(Source, Layout, LayoutSpans)) -> Option<Value> {
    let rules = Rules::from_ruleset(rs);
    if !score::unscorable(src, l, spans, &rules).is_empty() {
        return None;
    }
    Some(json(&verdict::ScoreReport::new(
        l,
        &score::score(l, &rules),
    )))
}

fn score_cmd(ctx: &Ctx, rs: &Ruleset, arg: &LayoutArg) -> Outcome {
    let read = read_layout(arg)?;
    let rules = &Rules::from_ruleset(rs);
    let (src, l, spans) = &read;
    Error::check(score::unscorable(src, l, spans, rules))?;
    Error::check(score::unscorable(src, l, spans, rules))?;
    let y = score::score(l, rules);
    let s = ctx.style;
    let mut human = grid::draw(&triad_table(l, &y, rules));
    human += &s.bold(score::outcome_line(&y, rules).trim_end());
    human.push('\n');
    let verdict = verdict::ScoreReport::new(l, &y);
    let mut x = score::year_explain(rules, &y);
    ctx.decided_by(rs, &mut x, |rs| score_verdict(rs, &read));
    ctx.emit(&verdict, &human, &x)
}

/// What `show` gives for a layout under `rs`.
fn show_verdict(rs: &Ruleset, (src, l, spans): &(Source, Layout, LayoutSpans)) -> Value {
    let rules = Rules::from_ruleset(rs);
    let scorable = score::unscorable(src, l, spans, &rules).is_empty();
    json(&verdict::ShowReport::new(
        l,
        &score::score(l, &rules),
        scorable,
    ))
}

fn show_cmd(ctx: &Ctx, rs: &Ruleset, arg: &LayoutArg) -> Outcome {
    let read = read_layout(arg)?;
    let rules = &Rules::from_ruleset(rs);
    let (src, l, spans) = &read;
    let scorable = score::unscorable(src, l, spans, rules).is_empty();
    let y = score::score(l, rules);
    let mut human = picture::draw(l, ctx.style);
    human += "\nTriads:\n";
    for p in &y.players {
        let [_, a, b] = p.triad;
        let tail = if scorable {
            format!(" — score {}", score::formula(&p.counts, p.score, rules))
        } else {
            String::new()
        };
        human += &format!(
            "  {} ({}): {} + {a} {} + {b} {}{tail}\n",
            ctx.style.bold(&p.name),
            p.slot,
            l.blink(p.slot).pairs_text(),
            l.blink(a).pairs_text(),
            l.blink(b).pairs_text(),
        );
    }
    if scorable {
        human += &score::outcome_line(&y, rules);
    } else {
        human += &score::not_scored_yet();
    }
    let mut x = Explain::new();
    score::triad_explain(rules, &mut x);
    ctx.decided_by(rs, &mut x, |rs| Some(show_verdict(rs, &read)));
    let verdict = verdict::ShowReport::new(l, &y, scorable);
    ctx.emit(&verdict, &human, &x)
}

fn check_cmd(ctx: &Ctx, words: &[String], file: Option<&str>) -> Outcome {
    let src = check_input(words, file)?;
    if record::looks_like_record(&src.text) {
        return record_cmd(ctx, &src);
    }
    // One word that names no file (nor stdin) may have been meant as a file's name.
    let no_file = match (file, words) {
        (None, [one]) if could_be_a_path(one) && one != "-" && std::fs::metadata(one).is_err() => {
            Some(one)
        }
        _ => None,
    };
    let placements = build::read(&src).map_err(|e| match no_file {
        Some(one) => no_file_and_no_build(one, e),
        None => e,
    })?;
    // Such a word is a build only as the first common moved in: any other word
    // (`no-such-file`) is most likely a file's name mistyped.
    if let Some(one) = no_file
        && !["c1", "c2", "c3", "c4"].contains(&one.to_lowercase().as_str())
    {
        let why = kado::diag::Problem::new("a build of one Blink is the common moved in first")
            .at(&src, 0..src.text.len())
            .expected("a file's name, or placements such as `c1, c2 e c1`");
        return Err(no_file_and_no_build(one, why.into()).into());
    }
    let v = build::check(&placements);
    let s = ctx.style;
    let mut human = grid::draw(&check_table(&v));
    for st in v.steps.iter().filter(|x| x.broken.is_some()) {
        if let Some((rule, why)) = &st.broken {
            human += &s.red(&format!(
                "Step {} ({}) breaks a rule: {} ({why}).",
                st.step,
                st.name,
                rule.text()
            ));
            human.push('\n');
        }
    }
    if let Some(next) = &v.next {
        human += &format!("So far by the rules. Next: {next}.\n");
    }
    if let Some(slots) = &v.slots {
        human += &s.bold("The Commons is built by the rules:");
        human.push('\n');
        human += &commons_drawn(slots);
    }
    ctx.emit(&verdict::BuildReport::new(&v), &human, &build::explain())
}

/// The steps of a build as a table.
fn check_table(v: &build::BuildVerdict) -> Grid {
    let mut t = Grid::new(["Step", "Blink", "Role", "Placed", "Touches", "Verdict"]);
    for st in &v.steps {
        t.row([
            st.step.to_string(),
            st.name.clone(),
            verdict::role(st.common).to_string(),
            match &st.against {
                Some((d, o)) => format!("{d} of {o}"),
                None => "first".to_string(),
            },
            if st.touches.is_empty() {
                "—".to_string()
            } else {
                st.touches.join(", ")
            },
            match &st.broken {
                None => "ok".to_string(),
                Some((rule, why)) => format!("breaks {}: {why}", rule.id()),
            },
        ]);
    }
    t
}

/// A finished Commons drawn as its 3-2-3 rows of names, and its triads.
fn commons_drawn(slots: &[(Slot, String)]) -> String {
    let name = |slot: Slot| {
        slots
            .iter()
            .find(|(s, _)| *s == slot)
            .map_or(String::new(), |(_, n)| n.clone())
    };
    let w = slots
        .iter()
        .map(|(_, n)| n.chars().count())
        .max()
        .unwrap_or(1)
        + 2;
    let cell = |slot: Slot| format!("{:<w$}", name(slot));
    let half = " ".repeat(w / 2);
    let mut out = format!(
        "  {}{}{}\n  {half}{}{}\n  {}{}{}\n",
        cell(Slot::TopLeft),
        cell(Slot::TopMiddle),
        name(Slot::TopRight),
        cell(Slot::MiddleLeft),
        name(Slot::MiddleRight),
        cell(Slot::BottomLeft),
        cell(Slot::BottomMiddle),
        name(Slot::BottomRight),
    );
    let triads: Vec<String> = Slot::CORNERS
        .iter()
        .filter_map(|c| {
            let [a, b] = c.triad_commons()?;
            Some(format!("{} with {} and {}", name(*c), name(a), name(b)))
        })
        .collect();
    out += &format!("Triads: {}.\n", triads.join("; "));
    out
}

/// `check RECORD`: the Year record refereed step by step, each Year scored.
fn record_cmd(ctx: &Ctx, src: &Source) -> Outcome {
    let rs = &ctx.record_ruleset(GAME, TITLE, src)?;
    let v = check::check(src, rs)?;
    let out = verdict::RecordReport::new(&v);
    let mut x = v.campaign.explain(rs);
    ctx.decided(GAME, src, rs, &mut x);
    ctx.emit(&out, &record_human(ctx, &v), &x)
}

/// The verdict on a record for people: each Year's triads and winner, the points, and
/// the first illegal step or what comes next.
fn record_human(ctx: &Ctx, v: &RecordVerdict) -> String {
    let s = ctx.style;
    let c = &v.campaign;
    let mut human = String::new();
    for y in &c.years {
        let first = y.first.map_or(String::new(), |f| {
            format!(" ({} held the first player token)", c.players[f])
        });
        human += &format!("Year {}{first}: every step by the rules.\n", y.number);
        if let Some(l) = y.layout.as_deref().and_then(|t| t.parse::<Layout>().ok()) {
            let ys = score::score(&l, &c.rules);
            human += &grid::draw(&triad_table(&l, &ys, &c.rules));
            human += &s.bold(score::outcome_line(&ys, &c.rules).trim_end());
            human.push('\n');
        }
    }
    human += &format!("Points: {}.\n", points_line(c));
    if let Some(i) = &v.illegal {
        let who = i
            .player
            .as_ref()
            .map_or(String::new(), |p| format!(" ({p})"));
        human += &s.red(&format!("Line {}{who} is illegal: {}.", i.line, i.reason));
        human.push('\n');
    } else if let Some(ch) = c.champions() {
        let names: Vec<&str> = ch.iter().map(|i| c.players[*i].as_str()).collect();
        human += &s.bold(&format!(
            "{} won the campaign.",
            score::names(&names.iter().map(ToString::to_string).collect::<Vec<_>>())
        ));
        human.push('\n');
    } else if let Some(next) = v.next() {
        human += &format!("So far by the rules. Next: {next}.\n");
    }
    human
}

fn points_line(c: &Game) -> String {
    c.players
        .iter()
        .zip(&c.points)
        .map(|(p, n)| format!("{p} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `play`: a new campaign followed season by season.
fn play_cmd(
    ctx: &Ctx,
    mut log: Log<Setup, Action>,
    (save, record): (&SaveArg, &RecordArg),
) -> Outcome {
    let lock = session::open_play::<Game>(save, record, &mut log)?;
    play(ctx, &lock, log)
}

fn campaign_cmd(
    ctx: &Ctx,
    rs: &Ruleset,
    players: Vec<String>,
    target: &str,
    first: Option<String>,
    save: &SaveArg,
) -> Outcome {
    let log = start::ledger_log(rs, &players, target, first.as_deref())?;
    let lock = session::open_new::<Game>(&save.path(GAME))?;
    play(ctx, &lock, log)
}

/// What `check` reads: the `--file`, stdin for `-`, the file a single argument names
/// when there is one (anything but a regular file refused), else the words as a build.
fn check_input(words: &[String], file: Option<&str>) -> Result<Source, Error> {
    // A path that cannot be looked at for want of permission names something; one too
    // long to be a path, or under no folder, names nothing.
    let names_something = |path: &str| match std::fs::metadata(path) {
        Ok(_) => true,
        Err(e) => e.kind() == std::io::ErrorKind::PermissionDenied,
    };
    Ok(match (file, words) {
        (Some(path), _) => Source::new(
            format!("file {path}"),
            read_file(path, "build file", LAYOUT_LIMIT)?,
        ),
        (None, [one]) if one == "-" || names_something(one) => {
            limits::read_source(one, "record file", LAYOUT_LIMIT)?
        }
        _ => Source::new("argument BUILD", joined(words)),
    })
}

/// Whether a single argument could name a file as well as be a build: one word, no
/// longer than a path may be.
fn could_be_a_path(arg: &str) -> bool {
    arg.len() <= 4096 && !arg.contains(|c: char| c.is_whitespace() || c == ',' || c == ';')
}

/// A single word (a file's name as much as a one-Blink build) that names no file and is
/// no build either: both readings said, the build's problems where they are.
fn no_file_and_no_build(arg: &str, mut e: Error) -> Error {
    if let Some(first) = e.problems.first_mut() {
        first.message = format!(
            "`{}`: no such file, and not a build either: {}",
            kado::diag::clip(arg),
            first.message
        );
    }
    e
}

/// Runs the campaign at the prompt (the transcript on stderr under `--json`, the ledger
/// on stdout at the end); with `--explain`, then the rules behind the ledger.
fn play(ctx: &Ctx, lock: &SaveLock, log: Log<Setup, Action>) -> Outcome {
    let rs = log.ruleset.ruleset()?;
    session::play_then_explain::<Game>(ctx, lock, log, |g| g.explain(&rs))
}

/// `advise RECORD`: the advice for the player about to act in the Year the record leaves.
fn advise_cmd(
    ctx: &Ctx,
    rs: &Ruleset,
    path: &str,
    blink: Option<&str>,
    samples: u32,
    seed: u64,
) -> Outcome {
    let src = limits::read_source(path, "record file", LAYOUT_LIMIT)?;
    let own = blink
        .map(|b| record::read_pairs(&Source::new("--blink", b)))
        .transpose()?;
    let v = check::check(&src, rs)?;
    if let Some(i) = &v.illegal {
        return Err(Error::msg(format!(
            "line {} of the record is illegal: {}; `kado kingmaker check` shows it, and advice starts from a legal record",
            i.line, i.reason
        ))
        .into());
    }
    let Some(y) = v.campaign.year.as_ref() else {
        let due = v
            .next()
            .unwrap_or_else(|| "nothing: the campaign is over".to_string());
        return Err(Error::msg(AdviseError::NotAdvisable { due }.to_string()).into());
    };
    let bar = crate::kinkado::stats::progress_bar(u64::from(samples), samples >= 5000);
    bar.set_message("colourings played");
    let advice = advise::advise(y, own, samples, seed, &mut |done, _| {
        bar.set_position(u64::from(done));
    })
    .map_err(|e| Error::of(&e))?;
    bar.finish_and_clear();
    let tied = v.campaign.years.iter().any(|y| y.top.len() > 1);
    let x = advise::explain(v.campaign.explain(rs), tied, rs);
    ctx.emit(&advice, &grid::draw_doc(&advice.doc()), &x)
}
