/// The LaTeX commands that stand for one symbol: Greek letters, operators, relations, arrows,
/// large operators, function names.
enum MathSymbols {
    static func symbol(_ name: String) -> MathNode? { symbols[name] }

    /// Every table's symbols in one, the earlier table's where two name the same: one look-up a
    /// command instead of one a table.
    private static let symbols: [String: MathNode] = {
        var symbols: [String: MathNode] = [:]
        for name in functions { symbols[name] = .function(name) }
        for (name, symbol) in ordinary { symbols[name] = .identifier(symbol) }
        for (name, symbol) in largeOperators { symbols[name] = .operator(symbol, isLarge: true) }
        for (name, symbol) in operators { symbols[name] = .operator(symbol) }
        for (name, letter) in greek { symbols[name] = .identifier(letter) }
        return symbols
    }()

    static let greek: [String: String] = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
        "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
        "xi": "ξ", "omicron": "ο", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς",
        "tau": "τ", "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ",
        "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ",
        "Psi": "Ψ", "Omega": "Ω",
    ]

    static let operators: [String: String] = [
        "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "approx": "≈", "equiv": "≡", "sim": "∼",
        "simeq": "≃", "cong": "≅", "propto": "∝", "pm": "±", "mp": "∓", "times": "×", "div": "÷", "cdot": "⋅",
        "cdots": "⋯", "ldots": "…", "dots": "…", "vdots": "⋮", "ddots": "⋱", "in": "∈", "notin": "∉", "ni": "∋",
        "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇", "cup": "∪", "cap": "∩", "setminus": "∖",
        "land": "∧", "lor": "∨", "wedge": "∧", "vee": "∨", "neg": "¬", "lnot": "¬", "to": "→", "rightarrow": "→",
        "leftarrow": "←", "gets": "←", "Rightarrow": "⇒", "Leftarrow": "⇐", "Leftrightarrow": "⇔", "iff": "⟺",
        "implies": "⟹", "impliedby": "⟸", "mapsto": "↦", "leftrightarrow": "↔", "longrightarrow": "⟶",
        "longleftarrow": "⟵", "uparrow": "↑", "downarrow": "↓", "perp": "⊥", "parallel": "∥", "circ": "∘",
        "bullet": "•", "star": "⋆", "ast": "∗", "oplus": "⊕", "otimes": "⊗", "odot": "⊙", "langle": "⟨",
        "rangle": "⟩", "lceil": "⌈", "rceil": "⌉", "lfloor": "⌊", "rfloor": "⌋", "mid": "∣", "vert": "|",
        "Vert": "‖", "ll": "≪", "gg": "≫", "prec": "≺", "succ": "≻", "preceq": "⪯", "succeq": "⪰", "therefore": "∴",
        "because": "∵", "colon": ":", "lbrace": "{", "rbrace": "}", "lvert": "|", "rvert": "|", "lVert": "‖",
        "rVert": "‖", "models": "⊨", "vdash": "⊢", "dashv": "⊣", "sqcup": "⊔", "sqcap": "⊓", "triangleq": "≜",
        "coloneqq": "≔", "doteq": "≐", "asymp": "≍", "nmid": "∤", "subsetneq": "⊊", "supsetneq": "⊋",
    ]

    static let largeOperators: [String: String] = [
        "sum": "∑", "prod": "∏", "coprod": "∐", "int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮",
        "bigcup": "⋃", "bigcap": "⋂", "bigoplus": "⨁", "bigotimes": "⨂", "bigvee": "⋁", "bigwedge": "⋀",
    ]

    static let ordinary: [String: String] = [
        "infty": "∞", "partial": "∂", "nabla": "∇", "forall": "∀", "exists": "∃", "nexists": "∄", "emptyset": "∅",
        "varnothing": "∅", "angle": "∠", "hbar": "ℏ", "ell": "ℓ", "Re": "ℜ", "Im": "ℑ", "aleph": "ℵ", "degree": "°",
        "prime": "′", "top": "⊤", "bot": "⊥", "triangle": "△", "square": "□", "checkmark": "✓", "dagger": "†",
        "imath": "ı", "jmath": "ȷ", "wp": "℘", "surd": "√", "flat": "♭", "sharp": "♯", "natural": "♮",
    ]

    static let functions: Set<String> = [
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "coth",
        "log", "ln", "lg", "exp", "lim", "liminf", "limsup", "max", "min", "sup", "inf", "det", "arg", "deg", "gcd",
        "lcm", "dim", "ker", "hom", "Pr", "mod", "bmod", "pmod", "argmax", "argmin", "sgn", "tr", "rank", "span",
    ]
}
