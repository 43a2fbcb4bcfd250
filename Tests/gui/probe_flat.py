import sys, time, os
sys.path.insert(0, os.path.join(os.getcwd(), "Tests/gui"))
import harness, chart_kinds_tests
from harness import press_and_hear, press
with chart_kinds_tests.example_with_orca("births.csv", "point 1 of 59") as (orca, sound, app):
    frame = [app.getChildAtIndex(i) for i in range(app.childCount)][0]
    def dump(n, d=0, maxd=3):
        print("  " * d + "%s %r %s" % (n.getRoleName(), n.name, sorted(harness.states(n) & {"showing", "visible", "focusable"})))
        if d < maxd:
            for i in range(min(n.childCount, 6)):
                dump(n.getChildAtIndex(i), d + 1, maxd)
    dump(frame)
    press_and_hear(orca, "Right", "point 2 of 59")
    for key in ["KP_Up", "KP_Begin"]:
        orca.wait_until_quiet()
        before = len(orca.speech())
        press(key)
        time.sleep(2.5)
        print(key, "->", repr(orca.speech()[before:]), flush=True)
