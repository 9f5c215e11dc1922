//! `kado kinkado check`: a record of Kin Kādo games refereed line by line.

use kado::kinkado::{check, record};

use crate::ctx::{Ctx, Outcome};
use crate::limits::FILE_LIMIT;

/// What `kinkado check` does, for its help.
pub const ABOUT: &str = "Referee a record of Kin Kādo games line by line (see kado-notation(7)) with the engine `kinkado play` uses: every stash, the prize pool, the market and the bank are kept, each reveal is settled under the rulings in force, and each round's winner and the game's are said. ALORA's moves are her rules: a record may leave them out (check fills them in) or write them, and a line that moved her otherwise is illegal. Where her rules leave a pick among equal cards to the table, a pick left out is kado's default (the lowest suits in bridge order), unless a later line shows the table picked otherwise: then the game is read with the pick that line allows, and the verdict names it; where no line shows the pick and another would end the game with other money, the verdict says so. The rules are --rules when given (over whatever the record names), else those the record names on its `# ruleset:` line (a built-in ruleset, house rules written out as `play --record` writes them under a house-rules file, or a house-rules file read beside the record; see kado-notation(7)). The first illegal line is the verdict (exit 0): its line, the rule it breaks and what was legal. Bad notation is an error with its line, column and caret (exit 2).\n\nJSON keys: rounds (a list of {round, winners, money: {NAME: stash}}), stashes ({NAME: money}), books ({pool, pool_cards, market, bank_net}), winners (null until the game is over), filled (the lines the rules filled in), picks_shown (ALORA's picks among equal cards filled otherwise than kado's default because a later line shows them: {filled, shown_by_line}), picks_open (her picks filled that no line shows and on which the money depends: {filled, other, line}), illegal (null, or {line, text, reason}); for a record of several games, games (a list of those objects).";

/// The notation, for the help's end.
pub const AFTER: &str = "The record, one event a line (# starts a comment):\n  players: ana ALORA          the seats clockwise; the first named deals round 1\n  deck: virtual 7             a virtual pack's seed (else `deck: real`)\n  round 1\n  prize: 7H                   the card turned up for the prize pool, or none\n  ana sells 4H 4D             or `ana sells nothing`\n  ALORA shows 2C 3D 5S        her face-down cards, turned up at her sell turn\n  ALORA sells 2C 3D\n  ana buys QS deck×2 draws 7C 9D   market cards, blind cards, the cards drawn\n  ALORA buys KD deck×1        her free cards from the deck\n  ana bets $5\n  ALORA bets $25 bank         the bank placed her bet\n  ana plays 7C 7D\n  ALORA reveals 5S            her cards still face down at the reveal\n\nExamples:\n  kado kinkado check game.txt\n  kado kinkado status game.yaml --record | kado --json kinkado check -";

/// `kinkado check`: reads the record, referees it, and draws the verdict.
pub fn check_cmd(ctx: &Ctx, arg: &str) -> Outcome {
    let src = crate::limits::read_source(arg, "record", FILE_LIMIT)?;
    let rec = record::parse(&src)?;
    let rs = ctx.record_ruleset(kado::kinkado::GAME, kado::kinkado::TITLE, &src)?;
    let mut out = crate::games_out::GamesOut::new(ctx, Default::default()).explained_later();
    // The reasons come from the games (how each reveal was settled): gathered as they go.
    let mut reasons = check::Reasons::default();
    check::check_each(&rec, &rs, |g| {
        reasons.add(&g);
        out.game(g);
    });
    let mut x = reasons.finish(&rs);
    ctx.decided(kado::kinkado::GAME, &src, &rs, &mut x);
    out.set_explain(x);
    out.finish()
}
