//! A fuzzed session: random answers, commands and junk at every prompt, and after
//! every one of them the save on disk must load and replay.

use super::*;
use kado::ruleset::Ruleset;

/// Answers drawn at random from words each game understands, and junk.
const WORDS: &[&str] = &[
    "undo",
    "undo",
    "show",
    "help",
    "none",
    "no",
    "yes",
    "best",
    "pass",
    "KH",
    "2S 3H",
    "JK",
    "AS KS QS JS 10S",
    "5",
    "25",
    "0",
    "deck 2",
    "on 3H",
    "2S 2H 2D JK",
    "KC",
    "fix you 40",
    "fix alora 151",
    "fix ana 9999999999",
    "zz",
    "🃏",
    "10♥",
    "ana 5",
    "ben 3",
    "draw",
    "ana",
    "bo",
    "ana=81 bo=10 cy=10 dee=10",
    "-1",
    "7S 7H 7D",
    "QD",
    "AH AD AC",
    "2C JK",
    "3S",
    "ana 999",
    "AS",
    "4D 4H 8S 10H 10D",
    "hidden",
    "1p 3b 4p 6r 8b 9a 10r 12b",
    "1r",
    "1r>1p",
    "koi",
    "stop",
    "12p",
];

struct Fuzz {
    rng: u64,
    left: usize,
    check: Box<dyn Fn()>,
}

impl Prompter for Fuzz {
    fn ask(&mut self, _question: &Asking) -> Reply {
        (self.check)();
        if self.left == 0 {
            return Reply::End;
        }
        self.left -= 1;
        // xorshift64: a fixed, portable sequence for each seed.
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        let word = WORDS[(self.rng % WORDS.len() as u64) as usize];
        super::super::prompt::classify_for_tests(word)
    }
    fn say(&mut self, _text: &str) {}
    fn refuse(&mut self, _why: &str) {}
}

fn fuzz<G: Session + 'static>(rules: &str, setup: G::Setup, seeds: u64) {
    for seed in 1..=seeds {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.yaml");
        let rs = Ruleset::builtin(rules).unwrap();
        let log = Log::new(G::GAME, &rs, setup.clone()).unwrap();
        let lock = SaveLock::acquire(&path).unwrap();
        let p = path.to_string_lossy().to_string();
        let mut prompter = Fuzz {
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            left: 80,
            check: Box::new(move || {
                let log = load::<G>(Path::new(&p)).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
                replay::<G>(&log).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }),
        };
        assert!(run::<G>(&lock, log, &mut prompter, Style::default()).is_ok());
    }
}

#[test]
fn fuzzed_sessions_always_leave_a_save_that_loads() {
    use kado::kinkado::game as kk;
    let players = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    fuzz::<kk::Game>(
        "kinkado",
        kk::Setup {
            players: players(&["you"]),
            alora: true,
            deck: kk::Deck::Physical,
            private: false,
        },
        4,
    );
    fuzz::<kk::Game>(
        "kinkado",
        kk::Setup {
            players: players(&["ana", "bo"]),
            alora: true,
            deck: kk::Deck::shuffled(3),
            private: false,
        },
        4,
    );
    use kado::kinga::game as kg;
    fuzz::<kg::Game>("kinga", kg::Setup::new(kg::Deck::Real, 1), 4);
    fuzz::<kg::Game>("kinga-hardcore", kg::Setup::new(kg::Deck::Virtual, 7), 4);
    use kado::koikoi::ledger as kl;
    let setup = kl::Setup {
        players: players(&["ana", "ben"]),
        rounds: 3,
        dealer: 0,
    };
    fuzz::<kl::Ledger>("koikoi", setup, 4);
    use kado::koikoi::game as kp;
    let setup = |deck, kado| kp::Setup {
        players: players(&["ana", "ben"]),
        deck,
        kado,
        private: false,
    };
    fuzz::<kp::Game>("koikoi", setup(kp::Deck::Physical, None), 2);
    fuzz::<kp::Game>("koikoi", setup(kp::Deck::Virtual { seed: 4 }, Some(1)), 2);
    use kado::kingmaker::game as km;
    let setup = km::Setup {
        players: players(&["ana", "bo", "cy", "dee"]),
        target: 2,
        seasons: false,
        known: false,
    };
    fuzz::<km::Game>("kingmaker", setup.clone(), 4);
    let seasons = km::Setup {
        seasons: true,
        known: true,
        ..setup
    };
    fuzz::<km::Game>("kingmaker", seasons, 4);
}
