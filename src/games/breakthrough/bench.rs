//! Breakthrough's bench positions (several board sizes; openings, middle games, races),
//! each with the depth `troyka bench` searches it to.

/// Position string and search depth.
pub const POSITIONS: &[(&str, u32)] = &[
    ("pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1", 11),
    (
        "pppppppp/p2pp2p/5p2/pp5p/3P1P2/1PP4P/3P1PP1/PPPPPPPP w - - 14 8",
        10,
    ),
    (
        "ppp1pppp/p1ppp2p/8/1pP2p2/5PpP/1PPP4/PP3PP1/3PPPPP w - - 5 14",
        10,
    ),
    (
        "pp2pppp/3pp3/1p4p1/1p2Pp2/6pP/1PPP2P1/P5P1/3PPPPP w - - 0 20",
        10,
    ),
    (
        "ppppp1pp/2ppp1p1/6p1/2P1Pp2/1p4P1/p4P2/PPPP4/P1PPPPPP w - - 3 14",
        10,
    ),
    (
        "pp2p1pp/2ppp1p1/4P1p1/1p1p1pP1/1p1P4/pP3P2/P1P5/P1PPPPPP w - - 10 20",
        10,
    ),
    (
        "pp4pp/3pp3/6p1/pp1p1pp1/3P4/p1p2PP1/P7/P1PPPPP1 w - - 0 26",
        10,
    ),
    (
        "pppppppp/1p6/1pp1p1pp/8/2PP2P1/1PP5/1P2PP1P/PPP3PP w - - 1 14",
        10,
    ),
    (
        "pppppp2/1p4p1/1pp5/6p1/P1PPp3/8/1P2PP1P/PPP3PP w - - 2 20",
        10,
    ),
    (
        "p2p1p2/2p3p1/ppp1pp2/4P1p1/P1PPp1P1/8/4PPP1/PPP3P1 w - - 14 26",
        10,
    ),
    // Races: runners against defenders, decided by tempo.
    ("8/8/8/2p5/8/5P2/8/8 w 0 1", 14),
    ("2p5/8/8/8/8/1P6/8/6P1 b 0 1", 14),
    ("pp6/8/8/8/6P1/8/8/PP6 w 0 1", 12),
    // Other boards.
    ("ppppppp/ppppppp/7/7/7/PPPPPPP/PPPPPPP w 0 1", 10),
    ("pppppp/pppppp/6/6/PPPPPP/PPPPPP w 0 1", 11),
    ("ppppp/ppppp/5/PPPPP/PPPPP w 0 1", 12),
    (
        "pppppppppp/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/PPPPPPPPPP w 0 1",
        8,
    ),
    (
        "pppppppppppppppp/pppppppppppppppp/16/16/PPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPP w 0 1",
        7,
    ),
];
