/** Summit's recipes; they extend (or add to) Park UI's through the preset. */
import { button } from './components/button/button.recipe'
import { card } from './components/card/card.recipe'
import { spinner } from './components/spinner/spinner.recipe'
import { toast } from './components/toast/toast.recipe'

export const recipes = { button, spinner }
export const slotRecipes = { card, toast }
