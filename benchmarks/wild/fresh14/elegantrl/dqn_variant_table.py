"""Pick the Q-network class for a DQN variant from a table, like elegantrl's run scripts."""

from elegantrl.agents import net as rl_net

VARIANTS = {
    "dqn": rl_net.QNet,
    "duel": rl_net.QNetDuel,
    "double": rl_net.QNetTwin,
    "d3qn": rl_net.QNetTwinDuel,
}

args = {"agent": "d3qn", "net_dims": [96, 96, 48], "state_dim": 8, "action_dim": 4}

net_class = VARIANTS[args["agent"]]
model = net_class(dims=args["net_dims"], state_dim=args["state_dim"], action_dim=args["action_dim"])
