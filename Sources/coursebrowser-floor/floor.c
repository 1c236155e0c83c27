// coursebrowser-floor: the least a curses program can do for the screens coursebrowser
// draws, so the benchmark can say how far above that floor the app is.
//
//     coursebrowser-floor [ROWS]
//
// Three boxes laid out as the app's panes, a list of ROWS lines in the first one (200 by
// default), `j`/`k` move the selection, `q` quits. Nothing is loaded, nothing is parsed.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <ncursesw/curses.h>

static int rows = 200;
static int selected = 0;
static int top = 0;

static void draw_box(int y, int x, int height, int width, const char *title) {
    if (height < 2 || width < 2) return;
    mvaddch(y, x, ACS_ULCORNER);
    mvhline(y, x + 1, ACS_HLINE, width - 2);
    mvaddch(y, x + width - 1, ACS_URCORNER);
    mvvline(y + 1, x, ACS_VLINE, height - 2);
    mvvline(y + 1, x + width - 1, ACS_VLINE, height - 2);
    mvaddch(y + height - 1, x, ACS_LLCORNER);
    mvhline(y + height - 1, x + 1, ACS_HLINE, width - 2);
    mvaddch(y + height - 1, x + width - 1, ACS_LRCORNER);
    mvprintw(y, x + 2, " %s ", title);
}

static void draw(void) {
    int height = LINES, width = COLS;
    int upper = (height - 1) * 2 / 3, left = width / 3;
    erase();
    draw_box(0, 0, upper, left, "Courses");
    draw_box(0, left, upper, width - left, "Course");
    draw_box(upper, 0, height - 1 - upper, width, "Uploads");
    int visible = upper - 2;
    if (selected < top) top = selected;
    if (selected >= top + visible) top = selected - visible + 1;
    for (int line = 0; line < visible && top + line < rows; line++) {
        int index = top + line;
        if (index == selected) attron(A_REVERSE);
        mvprintw(1 + line, 1, "%c Course %-*d", index == selected ? '>' : ' ', left - 12, index + 1);
        if (index == selected) attroff(A_REVERSE);
    }
    mvprintw(height - 1, 1, "j down  k up  q quit");
    refresh();
}

int main(int argc, char **argv) {
    if (argc > 1) rows = atoi(argv[1]) > 0 ? atoi(argv[1]) : rows;
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    draw();
    for (;;) {
        int key = getch();
        if (key == 'q') break;
        if (key == 'j' && selected < rows - 1) selected++;
        if (key == 'k' && selected > 0) selected--;
        if (key == KEY_RESIZE || key == 'j' || key == 'k') draw();
    }
    endwin();
    return 0;
}
