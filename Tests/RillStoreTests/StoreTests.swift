import RillStore
