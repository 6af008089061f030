"""storage as the heap model sees it."""


def remount(path, readonly=False, *, disable_concurrent_write_protection=False):
    pass
