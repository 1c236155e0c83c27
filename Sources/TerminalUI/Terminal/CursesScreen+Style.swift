import CNcurses

extension CursesScreen {
    func setUpColors(noColor: Bool) {
        guard !noColor, has_colors() else { return }
        start_color()
        use_default_colors()
        init_pair(1, Int16(COLOR_CYAN), -1)
        init_pair(2, Int16(COLOR_RED), -1)
        init_pair(3, Int16(COLOR_GREEN), -1)
        init_pair(4, Int16(COLOR_YELLOW), -1)
        usesColor = true
    }

    func attributes(for style: Style) -> attr_t {
        var attributes = cb_attr_normal()
        if style.bold { attributes |= cb_attr_bold() }
        if style.dim { attributes |= cb_attr_dim() }
        if style.reverse { attributes |= cb_attr_reverse() }
        if style.underline { attributes |= cb_attr_underline() }
        return attributes
    }

    func colorPair(for style: Style) -> Int16 {
        guard usesColor, let role = style.role else { return 0 }
        switch role {
        case .accent: return 1
        case .error: return 2
        case .success: return 3
        case .warning: return 4
        case .muted: return 0
        }
    }
}
