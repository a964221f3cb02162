# NFSP's average policy network alone for blackjack observations
from rlcard.agents.nfsp_agent import AveragePolicyNetwork

model = AveragePolicyNetwork(num_actions=2, state_shape=[2], mlp_layers=[32, 32, 2])
