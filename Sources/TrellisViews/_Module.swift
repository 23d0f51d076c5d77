// TrellisViews: work in progress (see the issue for this module).
