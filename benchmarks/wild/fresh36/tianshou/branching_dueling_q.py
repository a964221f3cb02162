# action branching (BDQ): one shared trunk, a value stream and one advantage head per action dimension
from tianshou.utils.net.common import BranchingNet

model = BranchingNet(
    state_shape=(11,),
    num_branches=3,
    action_per_branch=7,
    common_hidden_sizes=[256, 128],
    value_hidden_sizes=[64],
    action_hidden_sizes=[64],
)
