"""A full-screen menu (header, list, footer, message line) and the yes/no
dialog: the base of the launcher's, the pause menu's and the settings' scenes."""

from kapsa import buttons as btn
from kapsa import ui
from kapsa.app import Scene
from kapsa.ui.menulist import MenuList
from kapsa.ui.widgets import Header, MessageLine, clip, text


MENU_ROWS = 7  # rows of a full-screen menu between header and footer


class MenuScene(Scene):
    """A header, a menu list and a footer line; subclasses fill the items
    and act on choose(index) and adjust(index, step) (left/right). Up/down
    wrap around at the ends unless WRAP is False."""

    WRAP = True

    def __init__(self, app, title, items, hint="A:ok B:back"):
        super().__init__(app)
        self.header = Header(title, "")
        self.group.append(self.header)
        self.menu = MenuList(0, ui.LINE + 3, ui.WIDTH, MENU_ROWS, items)
        self.group.append(self.menu)
        self.footer = text(hint, 2, ui.HEIGHT - 1, ui.DIM, anchor=(0.0, 1.0))
        self.group.append(self.footer)
        self.message = MessageLine()
        self.group.append(self.message)

    def press(self, pressed, held):
        if pressed & (btn.UP | btn.DOWN):
            step = -1 if pressed & btn.UP else 1
            menu = self.menu
            if self.WRAP or 0 <= menu.cursor + step < len(menu.items):
                menu.move(step)
                self.moved()
        elif pressed & btn.LEFT:
            self.adjust(self.menu.cursor, -1)
        elif pressed & btn.RIGHT:
            self.adjust(self.menu.cursor, 1)
        elif pressed & btn.A:
            self.choose(self.menu.cursor)
        elif pressed & btn.B:
            self.back()

    def tick(self):
        self.message.tick()

    def moved(self):
        pass

    def choose(self, index):
        pass

    def adjust(self, index, step):
        pass

    def back(self):
        self.app.pop()


class Confirm(MenuScene):
    """A yes/no question; on_yes() runs after the dialog is gone."""

    def __init__(self, app, question, on_yes, title="Are you sure?"):
        super().__init__(app, title, ["No", "Yes"])
        self.on_yes = on_yes
        self.group.append(text(clip(question, ui.WIDTH - 4), 2, 100, ui.TEXT, anchor=(0.0, 0.5)))

    def choose(self, index):
        self.app.pop()
        if index == 1:
            self.on_yes()
