from lassonet.model import LassoNet

# feature groups (e.g. one-hot blocks) selected together
groups = [list(range(0, 4)), list(range(4, 10)), [10], [11, 12]]
model = LassoNet(13, 20, 1, groups=groups)
