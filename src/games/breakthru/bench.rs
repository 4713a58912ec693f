//! Breakthru's bench positions (the start, a middle game, a thinned-out siege), each with
//! the depth in plies `troyka bench --variant breakthru` searches it to.

pub const POSITIONS: &[(&str, u32)] = &[
    (
        "11/3sssss3/11/1s2EEE2s1/1s1E3E1s1/1s1E1F1E1s1/1s1E3E1s1/1s2EEE2s1/11/3sssss3/11 g 0 1",
        7,
    ),
    (
        "11/3sssss3/11/1s2EEE2s1/1s1E3E3/1s1E4Es1/2s2F2s2/1s1EEEE2s1/11/3sssss3/11 s 0 6",
        7,
    ),
    (
        "11/2s2s5/11/4E6/3s1F3s1/11/6E2s1/5s5/2s5s2/11/11 g 10 40",
        8,
    ),
];
