//! The view of each game, drawn on ratatui's test backend at 80×24 from a real session
//! (the runner, the game and the screen the terminal draws, without the terminal): the
//! whole screen is asserted, and it is the screen the tour (docs/TOUR.md) shows.
//! `KADO_BLESS=1 cargo test --bin kado screens_of_every_game` rewrites the tour's.

use super::*;
use crate::session::run;
use kado::ruleset::Ruleset;
use kado::session::{Log, Session};
use kado::view::{Choice, Hand, Hint};
use kado_screen::Said;
use kado_store::savefile::SaveLock;

#[test]
fn byte_offsets_of_characters() {
    assert_eq!(byte_at("A♥K", 0), 0);
    assert_eq!(byte_at("A♥K", 2), 4);
    assert_eq!(byte_at("A♥K", 9), 5);
}

/// The view's prompter without a terminal: answers typed from a script, the screen kept
/// as the terminal's would be, and drawn when the script runs out.
struct Scripted {
    screen: Screen,
    typed: std::collections::VecDeque<String>,
    drawn: Option<String>,
    /// The last hint shown.
    hint: Option<Hint>,
    /// Whom the device was passed to (`--private`), in turn.
    passes: Vec<String>,
}

/// In a script, Tab at an empty prompt (the hint's best answer), then Enter.
const TAB: &str = "\t";

impl Prompter for Scripted {
    fn ask(&mut self, question: &kado::session::Asking) -> Reply {
        self.screen.question = question.prompt.clone();
        let Some(answer) = self.typed.pop_front() else {
            self.drawn = Some(self.screen.text(MIN_SIZE.0, MIN_SIZE.1));
            return Reply::End;
        };
        self.screen.input = if answer == TAB {
            self.screen.advised_answer().unwrap_or_default().to_string()
        } else {
            answer
        };
        super::reply_of(self.screen.submit())
    }
    fn say(&mut self, text: &str) {
        self.screen.tell(text);
    }
    fn refuse(&mut self, why: &str) {
        self.screen.refuse(why);
    }
    fn set_table(&mut self, table: kado::view::Table) {
        self.screen.set_table(table);
    }
    fn choices(&mut self, answers: &[Choice]) {
        self.screen.choices = answers.to_vec();
    }
    fn advise(&mut self, hint: &Hint) {
        self.hint = Some(hint.clone());
        self.screen.advise(hint);
    }
    fn show_hand(&mut self, hand: &Hand) {
        self.screen.show_hand(hand);
    }
    fn tell(&mut self, events: &[kado::view::Event]) {
        self.screen.tell_events(events);
    }
    fn pass(&mut self, to: &str) -> Result<bool, Reply> {
        self.passes.push(to.to_string());
        self.screen.aside = None;
        Ok(false)
    }
    fn live(&self) -> bool {
        true
    }
}

/// The screen at 80×24 once `typed` is answered, in a new game of `G`.
fn screen_of<G: Session>(rules: &str, setup: G::Setup, typed: &[&str]) -> String {
    let view = played::<G>(rules, setup, typed);
    view.drawn.expect("the script ends at a question")
}

/// The view once `typed` is answered, in a new game of `G`.
fn played<G: Session>(rules: &str, setup: G::Setup, typed: &[&str]) -> Scripted {
    let dir = tempfile::tempdir().unwrap();
    let rs = Ruleset::builtin(rules).unwrap();
    let log = Log::new(G::GAME, &rs, setup).unwrap();
    let lock = SaveLock::acquire(&dir.path().join("v.yaml")).unwrap();
    let mut view = Scripted {
        screen: Screen::new(kado::games::title(G::GAME)),
        typed: typed.iter().map(|t| t.to_string()).collect(),
        drawn: None,
        hint: None,
        passes: Vec::new(),
    };
    assert!(run::<G>(&lock, log, &mut view, kado::render::Style::PLAIN).is_ok());
    view
}

/// Types `hint` after `before`, then each row of the hint back by the number it shows, and the
/// best by Tab, each in a game of its own: every answer is the row's own, and the game
/// takes it (nothing refused).
fn hint_rows_are_taken<G: Session>(rules: &str, setup: G::Setup, before: &[&str]) {
    let mut script: Vec<&str> = before.to_vec();
    script.push("hint");
    let view = played::<G>(rules, setup.clone(), &script);
    let hint = (view.hint.clone()).unwrap_or_else(|| panic!("{rules}: no hint after {before:?}"));
    assert!(!hint.rows.is_empty(), "{rules}: {hint:?}");
    // Each row by the number it shows: a row that is a numbered choice keeps its number.
    let numbers: Vec<String> = (view.screen.row_numbers(&hint).iter())
        .map(|n| n.to_string())
        .collect();
    for (i, typed) in numbers.iter().map(String::as_str).chain([TAB]).enumerate() {
        let row = &hint.rows[i % hint.rows.len()];
        let mut script = script.clone();
        script.push(typed);
        let view = played::<G>(rules, setup.clone(), &script);
        let said = &view.screen.said;
        let at = said
            .iter()
            .rposition(|s| matches!(s, Said::Typed(_)))
            .expect("an answer typed");
        assert_eq!(
            said[at],
            Said::Typed(row.answer.typed.clone()),
            "{rules}: {typed:?} typed"
        );
        assert!(
            !said[at..].iter().any(|s| matches!(s, Said::Refused(_))),
            "{rules}: row {typed:?} `{}` refused: {said:?}",
            row.answer.typed
        );
    }
}

/// Tab took a hint's answer cut where its cell wrapped, and a number at the prompt was not
/// the hint's row of that number: in every game, each hint row's answer is taken whole by
/// its number, and the best by Tab.
#[test]
fn every_hint_row_typed_back_is_accepted_in_every_game() {
    use kado::{kinga, pokino::game as ps};
    use kado::{kingmaker::game as km, kinkado::game as kk, koikoi::game as kp};
    let koikoi = kp::Setup {
        players: players(&["ana", "ben"]),
        deck: kp::Deck::Virtual { seed: 3 },
        kado: None,
        private: false,
    };
    hint_rows_are_taken::<kp::Game>("koikoi", koikoi, &[]);
    let kinkado = kk::Setup {
        players: players(&["you"]),
        alora: true,
        deck: kk::Deck::shuffled(7),
        private: false,
    };
    hint_rows_are_taken::<kk::Game>("kinkado", kinkado, &[]);
    let kinga = kinga::game::Setup::new(kinga::game::Deck::Virtual, 3);
    hint_rows_are_taken::<kinga::game::Game>("kinga", kinga, &[]);
    let pokino = ps::Setup::new(players(&["ana", "ben"]), ps::Deck::Virtual, 1);
    hint_rows_are_taken::<ps::Game>("pokino", pokino, &[]);
    let kingmaker = km::Setup {
        players: players(&["ana", "bo", "cy", "dee"]),
        target: 3,
        seasons: true,
        known: true,
    };
    let spring = [
        "ana",
        "c2 left RG",
        "c2 long RG-YB",
        "c3 right GB",
        "c1 left YY",
        "RY",
    ];
    hint_rows_are_taken::<km::Game>("kingmaker", kingmaker, &spring);
}

fn players(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// Each game's screen, in the order of the tour's section on the view.
fn screens() -> Vec<String> {
    use kado::{kinga, pokino::game as ps};
    use kado::{kingmaker::game as km, kinkado::game as kk, koikoi::game as kp};
    let koikoi = kp::Setup {
        players: players(&["ana", "ben"]),
        deck: kp::Deck::Virtual { seed: 3 },
        kado: None,
        private: false,
    };
    let kinkado = kk::Setup {
        players: players(&["you"]),
        alora: true,
        deck: kk::Deck::shuffled(7),
        private: false,
    };
    let kinga = kinga::game::Setup::new(kinga::game::Deck::Virtual, 3);
    let pokino = ps::Setup::new(players(&["ana", "ben"]), ps::Deck::Virtual, 1);
    let kingmaker = km::Setup {
        players: players(&["ana", "bo", "cy", "dee"]),
        target: 3,
        seasons: true,
        known: true,
    };
    vec![
        screen_of::<kp::Game>("koikoi", koikoi, &["10p", "1", "1", "1", "1", "1", "1"]),
        screen_of::<kk::Game>("kinkado", kinkado, &[]),
        screen_of::<kinga::game::Game>("kinga", kinga, &["4"]),
        screen_of::<ps::Game>("pokino", pokino, &[]),
        screen_of::<km::Game>("kingmaker", kingmaker, &[]),
    ]
}

/// The text blocks of the tour's section on the view, with where each starts and ends.
fn tour_blocks(tour: &str) -> Vec<(usize, usize)> {
    let from = tour
        .find("## At the table: the full-screen view")
        .expect("the tour has a section on the view");
    let to = tour[from + 1..]
        .find("\n## ")
        .map_or(tour.len(), |i| from + 1 + i);
    let mut out = Vec::new();
    let mut at = from;
    while let Some(i) = tour[at..to].find("```text\n") {
        let start = at + i + "```text\n".len();
        let end = start + tour[start..].find("```").expect("a closed block");
        out.push((start, end));
        at = end + 3;
    }
    out
}

#[test]
fn screens_of_every_game_are_the_tour_s() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/TOUR.md");
    let mut tour = std::fs::read_to_string(path).unwrap();
    let blocks = tour_blocks(&tour);
    let screens = screens();
    assert_eq!(
        blocks.len(),
        screens.len(),
        "one screen per game in docs/TOUR.md"
    );
    if std::env::var_os("KADO_BLESS").is_some() {
        for ((start, end), screen) in blocks.iter().zip(&screens).rev() {
            tour.replace_range(start..end, screen);
        }
        std::fs::write(path, tour).unwrap();
        return;
    }
    for ((start, end), screen) in blocks.iter().zip(&screens) {
        assert_eq!(&tour[*start..*end], screen.as_str(), "docs/TOUR.md");
    }
}

/// Under `--private` in line mode, a hand shown stayed on screen under the next player's
/// prompt: the device is now passed (the screen cleared, Enter awaited) whenever the hand
/// at stake changes hands, and never without `--private`.
#[test]
fn a_private_hand_stayed_on_screen_for_the_next_player() {
    use kado::koikoi::game as kp;
    let setup = |private| kp::Setup {
        players: players(&["ana", "ben"]),
        deck: kp::Deck::Virtual { seed: 1 },
        kado: None,
        private,
    };
    let view = played::<kp::Game>("koikoi", setup(true), &["hand", "9p", "hand"]);
    assert_eq!(view.passes, ["ana", "ben"]);
    assert!(
        view.screen.aside.is_some(),
        "ben's hand, asked for after the pass"
    );
    // The plays name the hand: the screen lists none while hands are kept private.
    assert!(view.screen.choices.is_empty(), "{:?}", view.screen.choices);
    let view = played::<kp::Game>("koikoi", setup(false), &["9p"]);
    assert!(view.passes.is_empty());
    assert!(!view.screen.choices.is_empty());
    use kado::kinkado::game as kk;
    let kinkado = kk::Setup {
        players: players(&["ana", "bo"]),
        alora: true,
        deck: kk::Deck::shuffled(3),
        private: true,
    };
    let view = played::<kk::Game>("kinkado", kinkado, &["none", "none"]);
    assert_eq!(view.passes, ["ana", "bo"], "{:?}", view.screen.said);
}
