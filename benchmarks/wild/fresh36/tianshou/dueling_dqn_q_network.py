# dueling DQN: the Net builds value and advantage heads from dueling_param
from tianshou.utils.net.common import Net

Q_param = {"hidden_sizes": [128]}
V_param = {"hidden_sizes": [128]}

model = Net(
    state_shape=(6,),
    action_shape=3,
    hidden_sizes=[256, 256],
    dueling_param=(Q_param, V_param),
)
