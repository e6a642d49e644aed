"""Reading an owner's own printed Book of Tales from photographs or scans of its pages.

The pages are turned into words (:mod:`companion.book_import.model` holds what that gives),
then into a content pack's ``book.txt`` and a review list of what the import is unsure of.
Nothing here touches the network, and nothing of an owner's book enters this repository.
"""
