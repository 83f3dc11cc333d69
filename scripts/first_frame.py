#!/usr/bin/env python3
"""Times a program from exec to its window, and to its first drawn frame.

    first_frame.py RRGGBB X Y -- program [arguments…]

Starts the program on the X display of $DISPLAY (an Xvfb with a black root,
no window manager) and polls the screen every millisecond: the window exists
once the root has a child; the first frame is drawn once the pixel at (X, Y)
has the colour RRGGBB, give or take 2 per channel (a colour only the
program's first frame paints there). Prints the two times in milliseconds, then stops the program.
"""

import ctypes
import subprocess
import sys
import time

ZPIXMAP = 2
ALL_PLANES = 0xFFFFFFFF


def close(pixel: int, colour: int) -> bool:
    """Whether two 0xRRGGBB colours differ by at most 2 in each channel (a
    clear colour may round differently from a painted one)."""
    return all(abs(((pixel >> shift) & 0xFF) - ((colour >> shift) & 0xFF)) <= 2 for shift in (0, 8, 16))


def main() -> int:
    colour, x, y = int(sys.argv[1], 16), int(sys.argv[2]), int(sys.argv[3])
    command = sys.argv[sys.argv.index("--") + 1 :]
    x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XGetImage.restype = ctypes.c_void_p
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_int] * 2 + [
        ctypes.c_uint
    ] * 2 + [ctypes.c_ulong, ctypes.c_int]
    x11.XGetPixel.restype = ctypes.c_ulong
    x11.XGetPixel.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
    x11.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_void_p] * 3 + [
        ctypes.POINTER(ctypes.c_uint)
    ]
    display = x11.XOpenDisplay(None)
    if not display:
        print("no X display", file=sys.stderr)
        return 2
    root = x11.XDefaultRootWindow(display)
    unused = ctypes.c_ulong()
    children = ctypes.c_void_p()
    count = ctypes.c_uint()

    started = time.monotonic()
    program = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    window = frame = None
    try:
        while time.monotonic() - started < 30:
            now = (time.monotonic() - started) * 1000
            if window is None:
                x11.XQueryTree(display, root, ctypes.byref(unused), ctypes.byref(unused),
                               ctypes.byref(children), ctypes.byref(count))
                if count.value > 0:
                    window = now
            image = x11.XGetImage(display, root, x, y, 1, 1, ALL_PLANES, ZPIXMAP)
            if image and close(x11.XGetPixel(image, 0, 0), colour):
                frame = now
                break
            if program.poll() is not None:
                break
            time.sleep(0.001)
    finally:
        program.terminate()
        program.wait()
    if frame is None:
        print("no first frame seen", file=sys.stderr)
        return 1
    print(f"{window:.0f} {frame:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
