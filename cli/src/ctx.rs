//! What every command shares: the context it runs in (flags, style, the ruleset), how
//! it ends (`Outcome`, `Failure`), and how a verdict is printed.

use std::io::Write;

use serde::Serialize;

use kado::diag::{Code, Error, Problem};
use kado::explain::Explain;
use kado::render::Style;
use kado::ruleset::Ruleset;

use crate::limits::{FILE_LIMIT, read_file};
use crate::serve;

/// What a command failed with.
pub enum Failure {
    /// Bad input or usage: exit 2.
    Input(Error),
    /// Something went wrong inside kado or the machine: exit 1.
    Internal(Internal),
}

/// What went wrong inside kado or the machine (exit 1), kept typed until it is reported.
pub enum Internal {
    /// A verdict or a table that would not turn into JSON.
    Json(serde_json::Error),
    /// Output that could not be written: what, and why.
    Write(&'static str, std::io::Error),
    /// kado's own step, simulation or replay, refused: what kado was doing (words that
    /// lead into the problem, or none), and the problem.
    Refused(&'static str, Error),
}

impl Internal {
    /// A game's refusal of kado's own step, said after `doing`.
    pub fn refused(doing: &'static str, e: &impl kado::diag::Coded) -> Failure {
        Failure::Internal(Internal::Refused(doing, Error::of(e)))
    }
}

impl std::fmt::Display for Internal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Internal::Json(e) => write!(f, "{e}"),
            Internal::Write(what, e) => write!(f, "cannot write {what}: {e}"),
            Internal::Refused(doing, e) => write!(f, "{doing}{}", e.summary()),
        }
    }
}

impl From<serde_json::Error> for Failure {
    fn from(e: serde_json::Error) -> Failure {
        Failure::Internal(Internal::Json(e))
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        Failure::Input(e)
    }
}

pub type Outcome = Result<(), Failure>;

/// What every command gets: the output mode and the ruleset choice.
#[derive(Clone)]
pub struct Ctx {
    pub json: bool,
    pub explain: bool,
    pub rules: Option<String>,
    pub style: Style,
    /// Keep a session in line mode even at a terminal (`--plain`).
    pub plain: bool,
    /// Serve a session to the players' phones (`--serve`, `--lan`).
    pub serve: Option<serve::Options>,
}

impl Ctx {
    /// The ruleset in force for `game`: `--rules`, or the game's own built-in.
    pub fn ruleset(&self, game: &str, title: &str) -> Result<Ruleset, Error> {
        let rs = match &self.rules {
            None => Ruleset::builtin(game)?,
            Some(arg) => load_ruleset(arg).map_err(|e| e.coded(Code::Ruleset))?,
        };
        rs.expect_game(game, title)
    }

    /// The ruleset a record is refereed under: --rules when given (over whatever the
    /// record names), else the ruleset the record names on its `# ruleset:` line (a
    /// built-in, one written out, or a house-rules file read beside the record), else the
    /// game's own.
    pub fn record_ruleset(
        &self,
        game: &str,
        title: &str,
        src: &kado::diag::Source,
    ) -> Result<Ruleset, Error> {
        if self.rules.is_some() {
            return self.ruleset(game, title);
        }
        let beside = record_dir(src);
        let read = |name: &str| {
            let path = beside.join(name);
            read_file(&path.to_string_lossy(), "house-rules file", FILE_LIMIT)
        };
        match kado::ruleset::of_record(src, game, title, &read) {
            Some(named) => named,
            None => self.ruleset(game, title),
        }
    }

    /// Under `--explain`, `x` keeps the rulings that decided the verdict on the record
    /// `src` of `game` under `rs`, and no other (see [`kado::games::deciding_rulings`]).
    pub fn decided(&self, game: &str, src: &kado::diag::Source, rs: &Ruleset, x: &mut Explain) {
        if let Some(g) = kado::games::by_id(game) {
            self.decided_by(rs, x, |rs| (g.verdict)(src, rs).ok());
        }
    }

    /// Under `--explain`, `x` keeps the rulings that decided a verdict, and no other:
    /// `verdict` judges the same input again under a ruleset (`None` where it cannot), and
    /// a ruling decided when one of its other choices changes what it gives (see
    /// [`kado::explain::deciding_rulings`]).
    pub fn decided_by(
        &self,
        rs: &Ruleset,
        x: &mut Explain,
        verdict: impl Fn(&Ruleset) -> Option<serde_json::Value>,
    ) {
        if self.explain {
            x.deciding(&kado::explain::deciding_rulings(rs, verdict), rs);
        }
    }

    /// Prints a verdict: JSON (with `explain` when asked), or the human text (and the
    /// reasons when asked).
    pub fn emit<T: Serialize>(&self, verdict: &T, human: &str, explain: &Explain) -> Outcome {
        if !self.json {
            let text = if self.explain && !explain.is_empty() {
                format!("{human}\n{}", explain.render())
            } else {
                human.to_string()
            };
            return write_out(&mut std::io::stdout().lock(), &text);
        }
        let mut v = serde_json::to_value(verdict).map_err(Failure::from)?;
        if self.explain
            && let serde_json::Value::Object(m) = &mut v
        {
            let reasons = serde_json::to_value(explain).map_err(Failure::from)?;
            m.insert("explain".to_string(), reasons);
        }
        // Written as it is laid out, not held whole: a big verdict (`stats` of many
        // players) costs its tree of values alone.
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        written(
            kado::diag::write_json_pretty(&mut out, &v)
                .map_err(std::io::Error::from)
                .and_then(|()| out.write_all(b"\n"))
                .and_then(|()| out.flush()),
        )
    }
}

pub fn write_out(out: &mut impl Write, text: &str) -> Outcome {
    written(out.write_all(text.as_bytes()).and_then(|_| out.flush()))
}

/// What came of writing the output.
fn written(result: std::io::Result<()>) -> Outcome {
    match result {
        Ok(()) => Ok(()),
        // A closed pipe (`kado … | head`) is not a failure.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Internal(Internal::Write("output", e))),
    }
}

/// The folder of a record read from a file (where a house-rules file it names is
/// read); the current folder for stdin.
fn record_dir(src: &kado::diag::Source) -> std::path::PathBuf {
    src.name
        .strip_prefix("file ")
        .and_then(|f| std::path::Path::new(f).parent())
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default()
}

/// `--rules NAME|FILE`: a built-in by name, else a house-rules file.
pub fn load_ruleset(arg: &str) -> Result<Ruleset, Error> {
    if kado::ruleset::builtin_names().any(|n| n == arg) {
        return Ruleset::builtin(arg);
    }
    let path = std::path::Path::new(arg);
    let looks_like_file = arg.contains('/')
        || arg.contains('\\')
        || arg.ends_with(".yaml")
        || arg.ends_with(".yml")
        || path.exists();
    if !looks_like_file {
        let names: Vec<&str> = kado::ruleset::builtin_names().collect();
        let mut p = Problem::new(format!(
            "no built-in ruleset is called `{arg}`, and no file either"
        ))
        .expected(format!(
            "a built-in ruleset ({}) or a house-rules YAML file",
            names.join(", ")
        ));
        if let Some(near) = kado::diag::did_you_mean(arg, names.iter().copied()) {
            p = p.help(format!("did you mean `{near}`?"));
        }
        return Err(p.into());
    }
    let text = read_file(arg, "house-rules file", FILE_LIMIT)?;
    Ruleset::from_house_text(arg, &text)
}

/// Joins positional words into one argument text (`AS KS` typed as two words).
pub fn joined(words: &[String]) -> String {
    words.join(" ")
}
