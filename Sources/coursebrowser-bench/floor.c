// coursebrowser-floor: the least a curses program can do for the screens coursebrowser
// draws, so the benchmark can say how far above that floor the app is. The benchmark
// compiles it with the C compiler alone (`cc floor.c -lncursesw`), so no language
// runtime is loaded that a bare curses program would not load.
//
//     coursebrowser-floor [ROWS | FILE]
//
// Three boxes laid out as the app's panes, a list in the first one: ROWS numbered lines
// (200 by default), or FILE's lines, each "shown<TAB>searched" (the searched text already
// folded to lower-case ASCII, so the floor does no folding of its own). `j`/`k` move the
// selection, `/` opens a filter that keeps the lines whose searched text holds every word typed
// (Backspace takes a character back, Escape or Enter closes it), `q` quits. Nothing else is
// loaded, nothing is parsed.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ncursesw/curses.h>

static int rows = 200;
static char **shown = NULL;
static char **searched = NULL;
static int *matches = NULL;
static int matched = 0;
static int selected = 0;
static int top = 0;
static int filtering = 0;
static char query[256];
static size_t query_length = 0;

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

// Whether `text` holds every word of the query, anywhere.
static int holds(const char *text) {
    char words[sizeof query];
    memcpy(words, query, sizeof query);
    for (char *save = NULL, *word = strtok_r(words, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
        if (!strstr(text, word)) return 0;
    }
    return 1;
}

// Keeps the rows whose searched text holds every word of the query, in their order.
static void keep_matches(void) {
    matched = 0;
    for (int index = 0; index < rows; index++) {
        if (query_length == 0 || (searched && holds(searched[index]))) matches[matched++] = index;
    }
    selected = 0;
    top = 0;
}

static void draw(void) {
    int height = LINES, width = COLS;
    int upper = (height - 1) * 2 / 3, left = width / 3;
    char title[64];
    erase();
    snprintf(title, sizeof title, "Courses · %d", matched);
    draw_box(0, 0, upper, left, title);
    draw_box(0, left, upper, width - left, "Course");
    draw_box(upper, 0, height - 1 - upper, width, "Queue");
    int visible = upper - 2;
    if (selected < top) top = selected;
    if (selected >= top + visible) top = selected - visible + 1;
    for (int line = 0; line < visible && top + line < matched; line++) {
        int index = matches[top + line];
        if (top + line == selected) attron(A_REVERSE);
        if (shown) {
            mvprintw(1 + line, 1, "%c %.*s", top + line == selected ? '>' : ' ', left - 4, shown[index]);
        } else {
            mvprintw(1 + line, 1, "%c Course %-*d", top + line == selected ? '>' : ' ', left - 12, index + 1);
        }
        if (top + line == selected) attroff(A_REVERSE);
    }
    if (filtering) {
        mvprintw(height - 1, 1, "/%s", query);
    } else {
        mvprintw(height - 1, 1, "j down  k up  / find  q quit");
    }
    refresh();
}

// Reads FILE's "shown<TAB>searched" lines; false if it can't be read.
static int load(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) return 0;
    int capacity = 1024;
    shown = malloc(sizeof *shown * capacity);
    searched = malloc(sizeof *searched * capacity);
    rows = 0;
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    while ((length = getline(&line, &size, file)) > 0) {
        if (line[length - 1] == '\n') line[--length] = 0;
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        if (rows == capacity) {
            capacity *= 2;
            shown = realloc(shown, sizeof *shown * capacity);
            searched = realloc(searched, sizeof *searched * capacity);
        }
        shown[rows] = strdup(line);
        searched[rows] = strdup(tab + 1);
        rows++;
    }
    free(line);
    fclose(file);
    return 1;
}

int main(int argc, char **argv) {
    if (argc > 1) {
        if (atoi(argv[1]) > 0) {
            rows = atoi(argv[1]);
        } else if (!load(argv[1])) {
            perror(argv[1]);
            return 1;
        }
    }
    matches = malloc(sizeof *matches * (rows > 0 ? rows : 1));
    keep_matches();
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    draw();
    for (;;) {
        int key = getch();
        if (filtering) {
            if (key == 27 || key == '\n' || key == '\r') {
                filtering = 0;
            } else if ((key == KEY_BACKSPACE || key == 127) && query_length > 0) {
                query[--query_length] = 0;
                keep_matches();
            } else if (key >= ' ' && key < 127 && query_length + 1 < sizeof query) {
                query[query_length++] = (char)key;
                query[query_length] = 0;
                keep_matches();
            }
            draw();
            continue;
        }
        if (key == 'q') break;
        if (key == '/') filtering = 1;
        if (key == 'j' && selected < matched - 1) selected++;
        if (key == 'k' && selected > 0) selected--;
        if (key == KEY_RESIZE || key == 'j' || key == 'k' || key == '/') draw();
    }
    endwin();
    return 0;
}
