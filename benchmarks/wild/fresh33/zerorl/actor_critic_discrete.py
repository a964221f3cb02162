from zerorl.helpers.factory import ActorCriticAgent

model = ActorCriticAgent(input_dim=8, output_dim=4, is_discrete=True, hidden_dim=32)
