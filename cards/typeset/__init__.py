"""Type measured without the print engine: the kit's fonts and a game folder's (registered with ReportLab's font
metrics), what a text needs beyond Latin, and how a text breaks into lines and fits its box.  `generator` draws
with it and `checker validate` checks a layout's texts with it, so both find the same problems."""
