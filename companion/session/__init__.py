"""The loop shared by every game (:mod:`companion.session.loop`), its saves, enrolment,
observers, and its ports (:mod:`companion.session.ports`): all that voice and web may know.

It imports the framework and the games registry, never voice, web or the command line.
"""
