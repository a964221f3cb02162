from zerorl.helpers.factory import ActorCriticAgent

model = ActorCriticAgent(input_dim=17, output_dim=6, is_discrete=False, hidden_dim=48)
