//! A log as a save file: the YAML written and read, its header and setup checked, an older
//! format upgraded, the ruleset's values checked against the record it carries.

use super::*;

/// The first keys of a save file, read before the rest so that a file from another game
/// or a newer kado is named as such rather than failing on its contents.
#[derive(Deserialize)]
struct Header {
    game: Option<String>,
    format: Option<u32>,
}

impl<S, A> Log<S, A>
where
    S: Clone + Serialize + DeserializeOwned,
    A: Clone + Serialize + DeserializeOwned + Upgrade<S>,
{
    pub fn new(game: &str, rules: &Ruleset, setup: S) -> Result<Log<S, A>, Error> {
        Ok(Log {
            game: game.to_string(),
            format: FORMAT,
            id: None,
            record: None,
            served: None,
            ruleset: RulesetRecord::of(rules)?,
            setup,
            actions: Vec::new(),
            read_from: ReadFrom::default(),
        })
    }

    /// The log as YAML text, in this version's format.
    pub fn to_yaml(&self) -> Result<String, Error> {
        let log = Log {
            format: FORMAT,
            ..self.clone()
        };
        serde_saphyr::to_string(&log).map_err(|e| Error::msg(format!("cannot write the log: {e}")))
    }

    /// Reads a log; `name` is for error messages.
    pub fn from_yaml(name: &str, text: &str, game: &str) -> Result<Log<S, A>, Error> {
        if let Ok(h) = serde_saphyr::from_str::<Header>(text) {
            check_header(name, &h, game)?;
        }
        let src = Source::new(format!("file {name}"), text);
        let unreadable = |e: serde_saphyr::Error| {
            let mut p = crate::yaml::problem(&src, &e);
            p.message = format!("{name} is not a readable session log: {}", p.message);
            p
        };
        let old = matches!(
            serde_saphyr::from_str::<Header>(text),
            Ok(Header { format: Some(f), .. }) if f < SEATS_BY_INDEX
        );
        let log: Log<S, A> = if old {
            let log: Log<S, serde_json::Value> =
                serde_saphyr::from_str(text).map_err(unreadable)?;
            check_setup(name, &log.setup)?;
            upgraded(name, &src, log)?
        } else {
            serde_saphyr::from_str(text).map_err(unreadable)?
        };
        // Again from the log itself: the header alone may fail to read where the whole
        // log reads (a tag such as `!!binary` on a value deep in the file).
        check_header(
            name,
            &Header {
                game: Some(log.game.clone()),
                format: Some(log.format),
            },
            game,
        )?;
        if log.game != game {
            return Err(Error::msg(format!(
                "{name} is a {} session, not a {game} one",
                log.game
            )));
        }
        check_values(&log.ruleset, &src)?;
        check_setup(name, &log.setup)?;
        // Read, a log is in the format it would be written in.
        Ok(Log {
            format: FORMAT,
            read_from: ReadFrom(Some(src)),
            ..log
        })
    }

    /// Takes back the last thing the table said and everything kado did after it.
    /// Returns false, and changes nothing, when the table has said nothing yet: kado's
    /// own steps before the first answer (a deal) are never taken back alone.
    pub fn undo(&mut self) -> bool {
        match self.actions.iter().rposition(|e| e.by == By::Table) {
            Some(last) => {
                self.actions.truncate(last);
                true
            }
            None => false,
        }
    }
}

/// Refuses a setup with a control character in it (a save edited by hand).
fn check_setup<S: Serialize>(name: &str, setup: &S) -> Result<(), Error> {
    match control_text(setup) {
        Some(text) => Err(Problem::new(format!(
            "{name} is not a readable session log: its setup holds `{text}`, with a control character"
        ))
        .help("kado takes no name with a control character, so it writes none in a save")
        .into()),
        None => Ok(()),
    }
}

/// A log of an older format, its actions rewritten as this format writes them.
fn upgraded<S, A>(
    name: &str,
    src: &Source,
    log: Log<S, serde_json::Value>,
) -> Result<Log<S, A>, Error>
where
    A: DeserializeOwned + Upgrade<S>,
{
    let mut actions = Vec::with_capacity(log.actions.len());
    let file = ReadFrom(Some(src.clone()));
    for (i, e) in log.actions.into_iter().enumerate() {
        let mut v = e.action;
        let action = A::seats_by_index(&log.setup, &mut v)
            .map_err(Unreadable::NoSeat)
            .and_then(|()| serde_json::from_value::<A>(v).map_err(Unreadable::Shape))
            .map_err(|why| {
                file.problem(
                    format!(
                        "{name} is not a readable session log: action {} of format {}: {why}",
                        i + 1,
                        log.format
                    ),
                    Part::Action(i),
                )
            })?;
        actions.push(Entry {
            by: e.by,
            fixes: e.fixes,
            action,
        });
    }
    Ok(Log {
        game: log.game,
        format: log.format,
        id: log.id,
        record: log.record,
        served: log.served,
        ruleset: log.ruleset,
        setup: log.setup,
        actions,
        read_from: ReadFrom::default(),
    })
}

/// Refuses a save of another game or of a format this version does not read.
fn check_header(name: &str, h: &Header, game: &str) -> Result<(), Error> {
    if let Some(g) = h.game.as_deref().filter(|g| *g != game) {
        return Err(Error::msg(format!(
            "{name} is a {g} session, not a {game} one"
        )));
    }
    match h.format {
        Some(f) if !READS.contains(&f) => {
            let reads: Vec<String> = READS.iter().map(u32::to_string).collect();
            Err(crate::diag::Problem::new(format!(
                "{name} is saved in format {f}, which this kado does not read"
            ))
            .expected(format!("format {}", crate::words::or_list(&reads)))
            .help("a save from a newer kado: resume it with that version")
            .into())
        }
        _ => Ok(()),
    }
}

/// Where a log's ruleset values are in its file.
#[derive(Deserialize)]
struct ValueSpans {
    ruleset: RecordSpans,
}

#[derive(Deserialize)]
struct RecordSpans {
    #[serde(default)]
    values: BTreeMap<String, serde_saphyr::Spanned<i64>>,
}

/// Checks the values of a log's ruleset against their ranges, pointing into the file at
/// any that is unknown or out of range (a log edited by hand, or written by a version
/// with other values). An unknown base is reported when the ruleset is built.
fn check_values(record: &RulesetRecord, src: &Source) -> Result<(), Error> {
    let Ok(rs) = Ruleset::builtin(&record.base) else {
        return Ok(());
    };
    let spans = serde_saphyr::from_str::<ValueSpans>(&src.text).ok();
    let mut problems: Vec<Problem> = Vec::new();
    for (key, v) in &record.values {
        let Err(why) = rs.check_value(key, *v) else {
            continue;
        };
        let at = spans.as_ref().and_then(|s| s.ruleset.values.get(key));
        problems.push(match (why, at) {
            (ValueProblem::Unknown(p), Some(at)) => {
                let line = at.referenced.line() as usize;
                p.at_line_col(src, line, key_column(&src.text, line, key).unwrap_or(1))
            }
            (ValueProblem::OutOfRange(p), Some(at)) => p.at_line_col(
                src,
                at.referenced.line() as usize,
                at.referenced.column() as usize,
            ),
            (why, None) => why.into_problem().with_source(src.clone()),
        });
    }
    problems.sort_by_key(Problem::position);
    Error::check(problems)
}

/// The first text of a setup that holds a control character (ESC, BEL, …): none in a save
/// kado wrote, since every name it is given is refused with one; a save edited by hand
/// would otherwise draw it on the terminal as it is (clearing it, setting its title).
fn control_text<S: Serialize>(setup: &S) -> Option<String> {
    fn find(v: &serde_json::Value) -> Option<&str> {
        match v {
            serde_json::Value::String(s) => s.contains(char::is_control).then_some(s.as_str()),
            serde_json::Value::Array(items) => items.iter().find_map(find),
            serde_json::Value::Object(map) => map
                .iter()
                .find_map(|(k, v)| find(v).or(k.contains(char::is_control).then_some(k.as_str()))),
            _ => None,
        }
    }
    let value = serde_json::to_value(setup).ok()?;
    find(&value).map(|t| crate::diag::clip(t).into_owned())
}
