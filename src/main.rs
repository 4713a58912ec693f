fn main() {
    std::process::exit(troyka::cli::run(std::env::args_os()));
}
