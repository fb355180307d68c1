/** Summit's recipes; they extend (or add to) Park UI's through the preset. */
import { badge } from './components/badge/badge.recipe'
import { button } from './components/button/button.recipe'
import { card } from './components/card/card.recipe'
import { choice } from './components/choice/choice.recipe'
import { dialog } from './components/dialog/dialog.recipe'
import { linkButton } from './components/link-button/link-button.recipe'
import { nativeSelect } from './components/native-select/native-select.recipe'
import { radioPictureGroup } from './components/radio-group/radio-picture-group.recipe'
import { scrollArea } from './components/scroll-area/scroll-area.recipe'
import { sidebar } from './components/sidebar/sidebar.recipe'
import { spinner } from './components/spinner/spinner.recipe'
import { table, tableCards } from './components/table/table.recipe'
import { tabLink } from './components/tabs/tab-links.recipe'
import { toast } from './components/toast/toast.recipe'
import { combobox, menu, select } from './theme/layering.recipe'

export const recipes = { badge, button, choice, linkButton, nativeSelect, spinner, tabLink, tableCards }
export const slotRecipes = { card, combobox, dialog, menu, radioPictureGroup, scrollArea, select, sidebar, table, toast }
